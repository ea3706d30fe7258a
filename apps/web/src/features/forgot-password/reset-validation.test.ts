import { describe, expect, it } from 'vitest';
import { canRequestResetOtp, isAcceptablePassword } from './reset-validation';

describe('password reset rules', () => {
  it.each([
    ['ravi@example.com', '9876543210', true],
    ['ravi@example', '9876543210', false],
    ['ravi@example.com', '987654321', false],
    ['', '', false],
  ])('email %j + phone %j -> Get OTP enabled %s', (email, phone, enabled) => {
    expect(canRequestResetOtp(email, phone)).toBe(enabled);
  });

  it.each([
    ['short12', 'short12', false],
    ['longenough', 'longenougH', false],
    ['longenough', 'longenough', true],
  ])('%j / %j -> acceptable %s', (password, confirmation, acceptable) => {
    expect(isAcceptablePassword(password, confirmation)).toBe(acceptable);
  });
});
