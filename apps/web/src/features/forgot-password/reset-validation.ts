import { AUTH_MESSAGES, newPasswordFormSchema } from '@xtrader/core/api/auth';
import { isValidEmail, isValidPhone } from '../../lib/account-rules';

export const RESET_MESSAGES = {
  badPassword: AUTH_MESSAGES.passwordMismatch,
  success: AUTH_MESSAGES.passwordReset,
};

/** Get OTP stays disabled until both are valid. */
export const canRequestResetOtp = (email: string, phone: string) =>
  isValidEmail(email) && isValidPhone(phone);

/** Both entries equal and at least 8 characters long (the shared form schema of @xtrader/core). */
export const isAcceptablePassword = (password: string, confirmPassword: string) =>
  newPasswordFormSchema.safeParse({ password, confirmPassword }).success;
