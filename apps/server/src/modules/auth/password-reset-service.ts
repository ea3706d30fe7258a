import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../../http/errors';
import { hashPassword } from './passwords';
import {
  ACCOUNT_ERRORS,
  type AuthServiceDeps,
  loginFailuresKey,
  normalizeEmail,
  throttledOtpSend,
} from './service-deps';

export const RESET_REQUEST_TTL_MS = 10 * 60_000;

const badRequest = () => new BadRequestError(ACCOUNT_ERRORS.badResetRequest, 'BAD_RESET_REQUEST');

/** Forgot password in three steps: email and phone, OTP, new password. */
export function createPasswordResetService({ store, otp, sessions, limiter, rules, clock }: AuthServiceDeps) {
  return {
    /** Step 1: the email and phone must belong to one account; sends a code and returns it. */
    async requestResetOtp(email: string, phone: string, ip: string): Promise<string> {
      const user = await store.findUserByPhone(phone);
      if (!user || user.email !== normalizeEmail(email)) {
        throw new BadRequestError(ACCOUNT_ERRORS.noAccount, 'NO_ACCOUNT');
      }
      const message = { phone, email: user.email, name: user.name, purpose: 'reset' as const };
      return throttledOtpSend(limiter, rules, phone, ip, () => otp.issue(message));
    },

    /** Step 2: trades a valid code for a single-use request id, valid 10 minutes. */
    async verifyResetOtp(phone: string, code: string): Promise<string> {
      const verified = await otp.verify(phone, 'reset', code);
      await store.deleteOtp(verified.id);
      const user = await store.findUserByPhone(phone);
      if (!user) throw new BadRequestError(ACCOUNT_ERRORS.noAccount, 'NO_ACCOUNT');
      const id = randomUUID();
      const now = clock.now();
      await store.insertPasswordReset({
        id,
        userId: user.id,
        createdAt: now,
        expiresAt: now + RESET_REQUEST_TTL_MS,
        usedAt: null,
      });
      return id;
    },

    /** Step 3: sets the new password, ends every earlier session and lifts a login lock-out. */
    async resetPassword(phone: string, passcode: string, requestId: string): Promise<void> {
      const reset = await store.findPasswordReset(requestId);
      const user = reset ? await store.findUserById(reset.userId) : undefined;
      const usable =
        reset && user && user.phone === phone && reset.usedAt === null && reset.expiresAt > clock.now();
      if (!usable || !(await store.usePasswordReset(reset.id, clock.now()))) throw badRequest();
      await store.updatePassword(user.id, await hashPassword(passcode), clock.now());
      await sessions.revokeAll(user.id);
      await limiter.clear(loginFailuresKey(user.id));
    },
  };
}
