import { isLongEnoughPassword, isValidEmail, isValidPhone } from '../../lib/account-rules';

export const RESET_MESSAGES = {
  badPassword: 'Passwords must match and have a minimum length of 8 characters.',
  success: 'password reset successful',
} as const;

/** Get OTP stays disabled until both are valid. */
export const canRequestResetOtp = (email: string, phone: string) =>
  isValidEmail(email) && isValidPhone(phone);

export const isAcceptablePassword = (password: string, confirmation: string) =>
  isLongEnoughPassword(password) && password === confirmation;
