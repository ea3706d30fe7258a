import { describe, expect, it } from 'vitest';
import { canSubmitPassword, detailsError, passwordHint, SIGNUP_MESSAGES } from './signup-validation';

const valid = { name: 'Ravi', email: 'ravi@example.com', phone: '9876543210', referralCode: '' };

describe('signup validation', () => {
  it.each([
    ['empty name', { ...valid, name: '  ' }, SIGNUP_MESSAGES.missingDetails],
    ['empty email', { ...valid, email: '' }, SIGNUP_MESSAGES.missingDetails],
    ['9-digit phone', { ...valid, phone: '987654321' }, SIGNUP_MESSAGES.invalidPhone],
    ['empty phone', { ...valid, phone: '' }, SIGNUP_MESSAGES.invalidPhone],
    ['email without domain', { ...valid, email: 'ravi@' }, SIGNUP_MESSAGES.invalidEmail],
    ['email without dot', { ...valid, email: 'ravi@example' }, SIGNUP_MESSAGES.invalidEmail],
    ['valid details', valid, null],
    ['valid details with a referral code', { ...valid, referralCode: 'ABC' }, null],
  ])('%s -> %s', (_label, details, expected) => {
    expect(detailsError(details)).toBe(expected);
  });

  it('checks name/email presence before the phone, and the phone before the email pattern', () => {
    expect(detailsError({ ...valid, name: '', phone: '1' })).toBe(SIGNUP_MESSAGES.missingDetails);
    expect(detailsError({ ...valid, email: 'bad', phone: '1' })).toBe(SIGNUP_MESSAGES.invalidPhone);
  });

  it.each([
    ['1234567', '1234567', false],
    ['12345678', '12345679', false],
    ['12345678', '12345678', true],
  ])('password %s / %s -> submit %s', (password, confirmation, allowed) => {
    expect(canSubmitPassword(password, confirmation)).toBe(allowed);
  });

  it('hints at the minimum length only once something is typed', () => {
    expect(passwordHint('')).toBeUndefined();
    expect(passwordHint('short')).toBe('Password should be minimum 8 characters long.');
    expect(passwordHint('longenough')).toBeUndefined();
  });
});
