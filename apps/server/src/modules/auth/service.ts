import { DomainError } from '../../domain-error';
import { createPasswordResetService } from './password-reset-service';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { takeEach } from './rate-limit';
import { ACCOUNT_ERRORS, type AuthServiceDeps, loginFailuresKey, normalizeEmail } from './service-deps';
import type { AuthIdentity, IssuedToken } from './sessions';
import { createSignupService } from './signup-service';

export { ACCOUNT_ERRORS, type AuthServiceDeps } from './service-deps';
export type { SignupInput } from './signup-service';

const isPhone = (text: string) => /^\d{10}$/.test(text);

/** Accounts: signup with a verified phone, login, password reset, logout, token checks. */
export function createAuthService(deps: AuthServiceDeps) {
  const { store, sessions, limiter, limits } = deps;

  /** Email or phone plus password; one message for every wrong combination, failures rate-limited. */
  async function login(username: string, passcode: string, ip: string): Promise<IssuedToken> {
    const name = username.trim();
    const user = isPhone(name)
      ? await store.findUserByPhone(name)
      : await store.findUserByEmail(normalizeEmail(name));
    // Failures count per account (however it is named) and address, so guessing from one address cannot
    // lock the owner out elsewhere; unknown names count by name. The address also has its own limit.
    const accountKey = user ? loginFailuresKey(user.id, ip) : `login:name:${normalizeEmail(name)}:ip:${ip}`;
    // The attempt is counted before the password is checked, so parallel guesses get no more checks than
    // the limit allows; a right password then gives its count back.
    const [, ipAttempt] = await takeEach(limiter, [
      { key: accountKey, limit: limits.loginFailuresPerAccountAndIp },
      { key: `login:ip:${ip}`, limit: limits.loginFailuresPerIp },
    ]);
    // Hash even for an unknown account, so response time does not reveal which accounts exist.
    const valid = await verifyPassword(passcode, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !valid) throw new DomainError('bad_credentials', ACCOUNT_ERRORS.badCredentials);
    await limiter.clear(accountKey);
    if (ipAttempt) await limiter.release(ipAttempt);
    return sessions.open(user.id);
  }

  return {
    ...createSignupService(deps),
    ...createPasswordResetService(deps),
    login,
    logout: (identity: AuthIdentity) => sessions.revoke(identity),
    /** The caller behind an access token, or null. */
    authenticate: (token: string) => sessions.verify(token),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
