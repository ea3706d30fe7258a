import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  newPasswordFormSchema,
  otpRequestSchema,
  resetPasscodeRequestSchema,
  signupRequestSchema,
  verifyOtpRequestSchema,
  verifyResetPasscodeOtpRequestSchema,
} from './auth';

const valid = { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210', passcode: 'secret-123' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;
const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('signup validation', () => {
  it('accepts a complete signup and drops an empty referral code', () => {
    expect(signupRequestSchema.parse({ ...valid, referralCode: '' })).toEqual({
      ...valid,
      referralCode: undefined,
    });
    expect(signupRequestSchema.parse({ ...valid, referralCode: ' FRIEND10 ' }).referralCode).toBe('FRIEND10');
  });

  it.each([
    ['an empty name', { name: '  ' }, 'Please fill in all the details.', 'name'],
    ['a missing name', { name: undefined }, 'Please fill in all the details.', 'name'],
    ['an empty email', { email: '' }, 'Please fill in all the details.', 'email'],
    ['a malformed email', { email: 'asha@example' }, 'Invalid email.', 'email'],
    ['a 9-digit phone', { phone: '987654321' }, 'Phone number should be 10 digits long.', 'phone'],
    ['a phone with letters', { phone: '98765abcde' }, 'Phone number should be 10 digits long.', 'phone'],
    ['a missing phone', { phone: undefined }, 'Phone number should be 10 digits long.', 'phone'],
    [
      'a 7-character password',
      { passcode: 'abcdefg' },
      'Password should be minimum 8 characters long.',
      'passcode',
    ],
  ])('rejects %s', (_label, change, message, path) => {
    const result = signupRequestSchema.safeParse({ ...valid, ...change });
    expect(firstMessage(result)).toBe(message);
    expect(issuePaths(result)).toEqual([path]);
  });

  it('uses the same rules for the OTP request', () => {
    expect(firstMessage(otpRequestSchema.safeParse({ ...valid, email: 'nope' }))).toBe(
      AUTH_MESSAGES.invalidEmail,
    );
  });
});

describe('OTP and password reset', () => {
  it.each([
    ['1234', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
  ])('OTP %s valid: %s', (otp, ok) => {
    expect(verifyOtpRequestSchema.safeParse({ phone: valid.phone, OTP: otp }).success).toBe(ok);
    expect(verifyResetPasscodeOtpRequestSchema.safeParse({ phone: valid.phone, otp }).success).toBe(ok);
  });

  it('needs a request id and a long passcode to reset', () => {
    expect(
      resetPasscodeRequestSchema.safeParse({ phone: valid.phone, passcode: 'long-enough', requestID: 'r1' })
        .success,
    ).toBe(true);
    expect(
      issuePaths(
        resetPasscodeRequestSchema.safeParse({ phone: valid.phone, passcode: 'short', requestID: '' }),
      ),
    ).toEqual(['passcode', 'requestID']);
  });

  it.each([
    ['secret-123', 'secret-123', true],
    ['secret-123', 'secret-124', false],
    ['short', 'short', false],
  ])('new password %s / %s valid: %s', (password, confirmPassword, ok) => {
    const result = newPasswordFormSchema.safeParse({ password, confirmPassword });
    expect(result.success).toBe(ok);
    if (!ok)
      expect(firstMessage(result)).toBe('Passwords must match and have a minimum length of 8 characters.');
  });

  it('has no rules on login beyond two strings', () => {
    expect(loginRequestSchema.safeParse({ username: 'asha@example.in', passcode: 'x' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ username: 'asha' }).success).toBe(false);
  });
});
