import { describe, expect, it } from 'vitest';
import { otpDestination } from './otp-destination';

describe('otpDestination', () => {
  it('says where the server sent the code', () => {
    expect(otpDestination(['sms'], '9876543210', 'a@b.in')).toBe('by SMS to +91 98765 43210');
    expect(otpDestination(['email'], '9876543210', 'a@b.in')).toBe('by email to a@b.in');
    expect(otpDestination(['sms', 'email'], '9876543210', 'a@b.in')).toBe(
      'by SMS to +91 98765 43210 and by email to a@b.in',
    );
    expect(otpDestination(['outbox'], '9876543210', 'a@b.in')).toContain('development');
  });

  it('names the phone when the server does not say', () => {
    expect(otpDestination(undefined, '9876543210', 'a@b.in')).toBe('for +91 98765 43210');
  });
});
