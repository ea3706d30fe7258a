import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../domain-error';
import { isUniqueViolation } from '../../store/errors';
import type { OtpIssued } from './otp-delivery-error';
import { hashPassword } from './passwords';
import { ACCOUNT_ERRORS, type AuthServiceDeps, normalizeEmail, otpRequestsKey } from './service-deps';
import type { IssuedToken } from './sessions';

const SIGNUP_VERIFICATION_TTL_MS = 15 * 60_000;

/** Everything a user fills in across the three signup steps (already validated by the route schema). */
export interface SignupInput {
  name: string;
  email: string;
  phone: string;
  passcode: string;
  referralCode?: string | undefined;
}

const newReferralCode = () => randomBytes(5).toString('hex').toUpperCase();

/** Signup in three steps: details and OTP, OTP verification, password. */
export function createSignupService({
  store,
  otp,
  sessions,
  limiter,
  limits,
  clock,
  defaultSettings,
}: AuthServiceDeps) {
  const refuseTaken = async (email: string, phone: string) => {
    if (await store.isEmailOrPhoneTaken(normalizeEmail(email), phone)) {
      throw new DomainError('account_exists', ACCOUNT_ERRORS.duplicate);
    }
  };

  const createAccount = async (input: SignupInput): Promise<string> => {
    const passwordHash = await hashPassword(input.passcode);
    const now = clock.now();
    const id = randomUUID();
    try {
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
        settings: defaultSettings(),
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      // Two signups racing for one email or phone: the loser gets the same answer as a late duplicate.
      if (isUniqueViolation(error)) throw new DomainError('account_exists', ACCOUNT_ERRORS.duplicate);
      throw error;
    }
    return id;
  };

  return {
    /** Step 1: refuses a taken email or phone, then sends a code to the phone; returns it and where it went. */
    async requestSignupOtp(
      input: { name: string; email: string; phone: string },
      ip: string,
    ): Promise<OtpIssued> {
      // Counted before the answer says whether the account exists, so probing for accounts is limited too.
      await limiter.take(otpRequestsKey(ip), limits.otpPerIp);
      otp.assertDeliverable();
      await refuseTaken(input.email, input.phone);
      await limiter.take(`otp:phone:${input.phone}`, limits.otpPerPhone);
      const message = { phone: input.phone, email: normalizeEmail(input.email), name: input.name.trim() };
      return otp.issue({ ...message, purpose: 'signup' });
    },

    /** Step 2: the phone is proven for the next 15 minutes. */
    async verifySignupOtp(phone: string, code: string): Promise<void> {
      await otp.verify(phone, 'signup', code);
    },

    /** Step 3: creates the account for a recently verified phone and logs it in. */
    async signup(input: SignupInput): Promise<IssuedToken> {
      const verification = await store.findOtp(input.phone, 'signup');
      if (!verification?.verifiedAt) {
        throw new DomainError('phone_not_verified', ACCOUNT_ERRORS.notVerified);
      }
      if (clock.now() - verification.verifiedAt > SIGNUP_VERIFICATION_TTL_MS) {
        throw new DomainError('verification_expired', ACCOUNT_ERRORS.verificationExpired);
      }
      await refuseTaken(input.email, input.phone);
      const userId = await createAccount(input);
      await store.deleteOtp(verification.id);
      return sessions.open(userId);
    },

    /** Creates an account without the OTP steps (the demo account); returns its id. */
    createVerifiedAccount: (input: SignupInput) => createAccount(input),
  };
}
