import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain-error';
import type { OtpIssued } from './otp-delivery-error';
import { hashPassword } from './passwords';
import { takeEach } from './rate-limit';
import {
  ACCOUNT_ERRORS,
  type AuthServiceDeps,
  loginFailuresPrefix,
  normalizeEmail,
  otpRequestsKey,
} from './service-deps';

const RESET_REQUEST_TTL_MS = 10 * 60_000;

const badRequest = () => new DomainError('bad_reset_request', ACCOUNT_ERRORS.badResetRequest);

/** Forgot password in three steps: email and phone, OTP, new password. */
export function createPasswordResetService({
  store,
  otp,
  sessions,
  limiter,
  limits,
  clock,
}: AuthServiceDeps) {
  return {
    /**
     * Step 1: sends a code if the email and phone belong to one account and returns it; otherwise sends
     * nothing and returns no code. The caller answers both alike, so the answer reveals no account: the
     * channels named are always those configured (a partial delivery failure is not told either).
     */
    async requestResetOtp(email: string, phone: string, ip: string): Promise<OtpIssued> {
      const address = normalizeEmail(email);
      // Counted before the account is looked up, whatever the outcome. Per phone and email, so someone who
      // knows only the phone cannot use up the owner's sends (only one email can make a code go out).
      await takeEach(limiter, [
        { key: otpRequestsKey(ip), limit: limits.otpPerIp },
        { key: `otp:reset:${phone}:${address}`, limit: limits.otpPerPhone },
      ]);
      otp.assertDeliverable();
      const user = await store.findUserByPhone(phone);
      if (!user || user.email !== address) return { code: undefined, channels: otp.channels };
      const { code } = await otp.issue({ phone, email: user.email, name: user.name, purpose: 'reset' });
      return { code, channels: otp.channels };
    },

    /** Step 2: trades a valid code for a single-use request id, valid 10 minutes. */
    async verifyResetOtp(phone: string, code: string): Promise<string> {
      const verified = await otp.verify(phone, 'reset', code);
      await store.deleteOtp(verified.id);
      const user = await store.findUserByPhone(phone);
      if (!user) throw new DomainError('no_account', ACCOUNT_ERRORS.noAccount);
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

    /** Step 3: sets the new password, ends every earlier session and lifts its login lock-outs. */
    async resetPassword(phone: string, passcode: string, requestId: string): Promise<void> {
      const reset = await store.findPasswordReset(requestId);
      const user = reset ? await store.findUserById(reset.userId) : undefined;
      const usable =
        reset && user && user.phone === phone && reset.usedAt === null && reset.expiresAt > clock.now();
      if (!usable || !(await store.usePasswordReset(reset.id, clock.now()))) throw badRequest();
      await store.updatePassword(user.id, await hashPassword(passcode), clock.now());
      await sessions.revokeAll(user.id);
      await limiter.clearPrefix(loginFailuresPrefix(user.id));
    },
  };
}
