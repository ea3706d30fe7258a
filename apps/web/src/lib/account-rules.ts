import { EMAIL_PATTERN } from '@xtrader/core/api/auth';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from '@xtrader/core/constants';

// Client-side checks of the account forms. The server checks again; these
// only spare the user a round trip. Login deliberately has none.

const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());
export const isValidPhone = (phone: string) => PHONE_PATTERN.test(phone);
export const isCompleteOtp = (otp: string) => otp.length === OTP_LENGTH;
export const isLongEnoughPassword = (password: string) => password.length >= PASSWORD_MIN_LENGTH;

/** Keeps only digits, at most `max` of them: phone and OTP fields accept nothing else. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

export { OTP_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS };
