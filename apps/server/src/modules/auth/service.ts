import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@xtrader/core/api/auth';
import type { Clock } from '../../clock';
import { BadRequestError, UnauthorizedError } from '../../http/errors';
import { isUniqueViolation } from '../../store/errors';
import type { OtpFlow } from './otp-flow';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { AUTH_RATE_RULES, type RateLimiter } from './rate-limit';
import type { AuthIdentity, IssuedToken, Sessions } from './sessions';
import type { AuthStore, UserRow } from './store';

export const SIGNUP_VERIFICATION_TTL_MS = 15 * 60_000;
export const RESET_REQUEST_TTL_MS = 10 * 60_000;

export const ACCOUNT_ERRORS = {
  duplicate: AUTH_MESSAGES.accountExists,
  notVerified: 'Please verify your phone number with the OTP first.',
  verificationExpired: 'Phone verification has expired. Please request a new OTP.',
  badCredentials: 'Invalid email/phone or password',
  noAccount: 'No account found with this email and phone number.',
  badResetRequest: 'This password reset request is invalid or has expired. Please start again.',
} as const;

/** Everything a user fills in across the three signup steps (already validated by the route schema). */
export interface SignupInput {
  name: string;
  email: string;
  phone: string;
  passcode: string;
  referralCode?: string | undefined;
}

export interface AuthServiceDeps {
  store: AuthStore;
  otp: OtpFlow;
  sessions: Sessions;
  limiter: RateLimiter;
  clock: Clock;
  /** Settings JSON of a new account. */
  defaultSettings: () => string;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const isPhone = (text: string) => /^\d{10}$/.test(text);
const newReferralCode = () => randomBytes(5).toString('hex').toUpperCase();

/** Accounts: signup with a verified phone, login, password reset, logout. */
export function createAuthService(deps: AuthServiceDeps) {
  const { store, otp, sessions, limiter, clock } = deps;

  /** Counts an OTP send against the phone and the caller's address, refusing when either is exhausted. */
  const throttleOtp = async (phone: string, ip: string, send: () => Promise<string>) => {
    await limiter.check(`otp:phone:${phone}`, AUTH_RATE_RULES.otpPerPhone);
    await limiter.check(`otp:ip:${ip}`, AUTH_RATE_RULES.otpPerIp);
    const code = await send();
    await limiter.hit(`otp:phone:${phone}`);
    await limiter.hit(`otp:ip:${ip}`);
    return code;
  };

  const findByUsername = (username: string): Promise<UserRow | undefined> => {
    const text = username.trim();
    return isPhone(text) ? store.findUserByPhone(text) : store.findUserByEmail(normalizeEmail(text));
  };

  const insertUser = async (input: SignupInput, passwordHash: string) => {
    const now = clock.now();
    const id = randomUUID();
    await store.insertUser({
      id,
      name: input.name.trim(),
      email: normalizeEmail(input.email),
      phone: input.phone,
      passwordHash,
      referralCode: newReferralCode(),
      referredBy: input.referralCode?.trim() || null,
      activeBroker: null,
      clientId: null,
      settings: deps.defaultSettings(),
      createdAt: now,
      updatedAt: now,
    });
    return id;
  };

  const createAccount = async (input: SignupInput): Promise<string> => {
    const passwordHash = await hashPassword(input.passcode);
    try {
      return await insertUser(input, passwordHash);
    } catch (error) {
      if (isUniqueViolation(error)) throw new BadRequestError(ACCOUNT_ERRORS.duplicate, 'ACCOUNT_EXISTS');
      throw error;
    }
  };

  return {
    /** Step 1 of signup: refuses a taken email or phone, then sends a code to the phone. */
    async requestSignupOtp(
      input: { name: string; email: string; phone: string },
      ip: string,
    ): Promise<string> {
      if (await store.isEmailOrPhoneTaken(normalizeEmail(input.email), input.phone)) {
        throw new BadRequestError(ACCOUNT_ERRORS.duplicate, 'ACCOUNT_EXISTS');
      }
      return throttleOtp(input.phone, ip, () =>
        otp.issue({
          phone: input.phone,
          email: normalizeEmail(input.email),
          name: input.name.trim(),
          purpose: 'signup',
        }),
      );
    },

    /** Step 2 of signup: the phone is proven for the next 15 minutes. */
    async verifySignupOtp(phone: string, code: string): Promise<void> {
      await otp.verify(phone, 'signup', code);
    },

    /** Step 3 of signup: creates the account for a recently verified phone and logs it in. */
    async signup(input: SignupInput): Promise<IssuedToken> {
      const verification = await store.findOtp(input.phone, 'signup');
      if (!verification?.verifiedAt)
        throw new BadRequestError(ACCOUNT_ERRORS.notVerified, 'PHONE_NOT_VERIFIED');
      if (clock.now() - verification.verifiedAt > SIGNUP_VERIFICATION_TTL_MS) {
        throw new BadRequestError(ACCOUNT_ERRORS.verificationExpired, 'VERIFICATION_EXPIRED');
      }
      if (await store.isEmailOrPhoneTaken(normalizeEmail(input.email), input.phone)) {
        throw new BadRequestError(ACCOUNT_ERRORS.duplicate, 'ACCOUNT_EXISTS');
      }
      const userId = await createAccount(input);
      await store.deleteOtp(verification.id);
      return sessions.open(userId);
    },

    /** Creates an account without the OTP steps (the demo account); returns its id. */
    createVerifiedAccount: (input: SignupInput) => createAccount(input),

    /** Email or phone plus password; one message for every wrong combination, failures rate-limited. */
    async login(username: string, passcode: string, ip: string): Promise<IssuedToken> {
      const accountKey = `login:account:${username.trim().toLowerCase()}`;
      const ipKey = `login:ip:${ip}`;
      await limiter.check(accountKey, AUTH_RATE_RULES.loginFailuresPerAccount);
      await limiter.check(ipKey, AUTH_RATE_RULES.loginFailuresPerIp);
      const user = await findByUsername(username);
      const valid = await verifyPassword(passcode, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user || !valid) {
        await limiter.hit(accountKey);
        await limiter.hit(ipKey);
        throw new UnauthorizedError(ACCOUNT_ERRORS.badCredentials, 'BAD_CREDENTIALS');
      }
      await limiter.clear(accountKey);
      return sessions.open(user.id);
    },

    /** Forgot password, step 1: the email and phone must belong to one account; sends a code. */
    async requestResetOtp(email: string, phone: string, ip: string): Promise<string> {
      const user = await store.findUserByPhone(phone);
      if (!user || user.email !== normalizeEmail(email))
        throw new BadRequestError(ACCOUNT_ERRORS.noAccount, 'NO_ACCOUNT');
      return throttleOtp(phone, ip, () =>
        otp.issue({ phone, email: user.email, name: user.name, purpose: 'reset' }),
      );
    },

    /** Forgot password, step 2: trades a valid code for a single-use request id (10 minutes). */
    async verifyResetOtp(phone: string, code: string): Promise<string> {
      const verified = await otp.verify(phone, 'reset', code);
      await store.deleteOtp(verified.id);
      const user = await store.findUserByPhone(phone);
      if (!user) throw new BadRequestError(ACCOUNT_ERRORS.noAccount, 'NO_ACCOUNT');
      const requestId = randomUUID();
      const now = clock.now();
      await store.insertPasswordReset({
        id: requestId,
        userId: user.id,
        createdAt: now,
        expiresAt: now + RESET_REQUEST_TTL_MS,
        usedAt: null,
      });
      return requestId;
    },

    /** Forgot password, step 3: sets the new password and ends every earlier session. */
    async resetPassword(phone: string, passcode: string, requestId: string): Promise<void> {
      const reset = await store.findPasswordReset(requestId);
      const user = reset ? await store.findUserById(reset.userId) : undefined;
      if (
        !reset ||
        !user ||
        user.phone !== phone ||
        reset.usedAt !== null ||
        reset.expiresAt <= clock.now()
      ) {
        throw new BadRequestError(ACCOUNT_ERRORS.badResetRequest, 'BAD_RESET_REQUEST');
      }
      if (!(await store.usePasswordReset(reset.id, clock.now()))) {
        throw new BadRequestError(ACCOUNT_ERRORS.badResetRequest, 'BAD_RESET_REQUEST');
      }
      await store.updatePassword(user.id, await hashPassword(passcode), clock.now());
      await sessions.revokeAll(user.id);
      await limiter.clear(`login:account:${user.email}`);
      await limiter.clear(`login:account:${user.phone}`);
    },

    logout: (identity: AuthIdentity) => sessions.revoke(identity),
    authenticate: (token: string) => sessions.verify(token),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
