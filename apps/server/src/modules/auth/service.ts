import { UnauthorizedError } from '../../http/errors';
import { createPasswordResetService } from './password-reset-service';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { ACCOUNT_ERRORS, type AuthServiceDeps, loginFailuresKey, normalizeEmail } from './service-deps';
import type { AuthIdentity, IssuedToken } from './sessions';
import { createSignupService } from './signup-service';

export { ACCOUNT_ERRORS, type AuthServiceDeps } from './service-deps';
export type { SignupInput } from './signup-service';

const isPhone = (text: string) => /^\d{10}$/.test(text);

/** Accounts: signup with a verified phone, login, password reset, logout, token checks. */
export function createAuthService(deps: AuthServiceDeps) {
  const { store, sessions, limiter, rules } = deps;

  /** Email or phone plus password; one message for every wrong combination, failures rate-limited. */
  async function login(username: string, passcode: string, ip: string): Promise<IssuedToken> {
    const name = username.trim();
    const user = isPhone(name)
      ? await store.findUserByPhone(name)
      : await store.findUserByEmail(normalizeEmail(name));
    // Failures count per account (however it is named) and per address; unknown names count by name.
    const accountKey = user ? loginFailuresKey(user.id) : `login:name:${normalizeEmail(name)}`;
    const ipKey = `login:ip:${ip}`;
    await limiter.check(accountKey, rules.loginFailuresPerAccount);
    await limiter.check(ipKey, rules.loginFailuresPerIp);
    // Hash even for an unknown account, so response time does not reveal which accounts exist.
    const valid = await verifyPassword(passcode, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !valid) {
      await limiter.hit(accountKey);
      await limiter.hit(ipKey);
      throw new UnauthorizedError(ACCOUNT_ERRORS.badCredentials, 'BAD_CREDENTIALS');
    }
    await limiter.clear(accountKey);
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
