import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError } from '../domain-error';
import { DOMAIN_ERROR_STATUS, describeError } from './error-handler';

describe('domain error mapping', () => {
  it('maps every domain error code to a 4xx status (502/503 for a provider or instance out of reach) and keeps the message', () => {
    for (const code of DOMAIN_ERROR_CODES) {
      const reply = describeError(new DomainError(code, `refused: ${code}`));
      expect(reply.status, code).toBe(DOMAIN_ERROR_STATUS[code]);
      if (code === 'billing_unavailable') expect(reply.status).toBe(502);
      else if (code === 'otp_not_sent' || code === 'engine_moved' || code === 'engine_unreachable')
        // Out of reach for now (an OTP provider, the instance running the user's engine): try again.
        expect(reply.status).toBe(503);
      else {
        expect(reply.status, code).toBeGreaterThanOrEqual(400);
        expect(reply.status, code).toBeLessThan(500);
      }
      expect(reply.message).toBe(`refused: ${code}`);
    }
  });

  it('answers the statuses clients rely on', () => {
    expect(describeError(new DomainError('not_found', 'x')).status).toBe(404);
    expect(describeError(new DomainError('idempotency_key_reused', 'x')).status).toBe(422);
    expect(describeError(new DomainError('squaring_off', 'x')).status).toBe(409);
    expect(describeError(new DomainError('subscription_required', 'x')).status).toBe(403);
    expect(describeError(new DomainError('bad_credentials', 'x')).status).toBe(401);
    expect(describeError(new DomainError('trial_used', 'x')).status).toBe(409);
    expect(describeError(new DomainError('bad_signature', 'x')).status).toBe(401);
  });

  it('tells a rate-limited client when to retry', () => {
    const reply = describeError(new DomainError('rate_limited', 'Slow down', { retryAfterSeconds: 2.2 }));
    expect(reply).toEqual({ status: 429, message: 'Slow down', headers: { 'retry-after': '3' } });
  });

  it('keeps an unknown thrown Error a 500 that hides its message', () => {
    expect(describeError(new Error('db password is hunter2'))).toEqual({
      status: 500,
      message: 'Internal server error',
      headers: {},
    });
  });
});
