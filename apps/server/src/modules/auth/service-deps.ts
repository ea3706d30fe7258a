import { AUTH_MESSAGES } from '@xtrader/core/api/auth';
import type { Clock } from '../../clock';
import type { OtpFlow } from './otp-flow';
import type { AuthRateRules, RateLimiter } from './rate-limit';
import type { Sessions } from './sessions';
import type { AuthStore } from './store';

/** Refusals of the accounts API (validation messages of SPEC section 5 come from the core schemas). */
export const ACCOUNT_ERRORS = {
  duplicate: AUTH_MESSAGES.accountExists,
  notVerified: 'Please verify your phone number with the OTP first.',
  verificationExpired: 'Phone verification has expired. Please request a new OTP.',
  badCredentials: 'Invalid email/phone or password',
  noAccount: 'No account found with this email and phone number.',
  badResetRequest: 'This password reset request is invalid or has expired. Please start again.',
} as const;

export interface AuthServiceDeps {
  store: AuthStore;
  otp: OtpFlow;
  sessions: Sessions;
  limiter: RateLimiter;
  rules: AuthRateRules;
  clock: Clock;
  /** Settings JSON of a new account. */
  defaultSettings: () => string;
}

/** Emails compare case-insensitively: they are stored and looked up lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Rate-limit key of failed logins of one account. */
export const loginFailuresKey = (userId: string): string => `login:user:${userId}`;

/** Sends an OTP if neither the phone nor the caller's address has used up its sends, then counts it. */
export async function throttledOtpSend(
  limiter: RateLimiter,
  rules: AuthRateRules,
  phone: string,
  ip: string,
  send: () => Promise<string>,
): Promise<string> {
  await limiter.check(`otp:phone:${phone}`, rules.otpPerPhone);
  await limiter.check(`otp:ip:${ip}`, rules.otpPerIp);
  const code = await send();
  await limiter.hit(`otp:phone:${phone}`);
  await limiter.hit(`otp:ip:${ip}`);
  return code;
}
