import { AUTH_MESSAGES } from '@xtrader/core/api/auth';
import { isLongEnoughPassword, isValidEmail, isValidPhone } from '../../lib/account-rules';
import type { SignupDetails } from './api/signup-requests';

/** The account messages, word for word, from @xtrader/core. */
export const SIGNUP_MESSAGES = AUTH_MESSAGES;

/** Step 1 checks in the form's order; null when the details may be sent. Referral code is optional. */
export function detailsError({ name, email, phone }: SignupDetails): string | null {
  if (name.trim() === '' || email.trim() === '') return SIGNUP_MESSAGES.missingDetails;
  if (!isValidPhone(phone)) return SIGNUP_MESSAGES.invalidPhone;
  if (!isValidEmail(email)) return SIGNUP_MESSAGES.invalidEmail;
  return null;
}

/** Step 3: Sign Up is enabled only for a long-enough password typed twice the same. */
export const canSubmitPassword = (password: string, confirmation: string) =>
  isLongEnoughPassword(password) && password === confirmation;

/** Shown under the password once the user has typed something too short. */
export const passwordHint = (password: string) =>
  password !== '' && !isLongEnoughPassword(password) ? SIGNUP_MESSAGES.shortPassword : undefined;
