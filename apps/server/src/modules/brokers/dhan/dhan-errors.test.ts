import { describe, expect, it } from 'vitest';
import { classifyDhanError, dhanFailure } from './dhan-errors';

// Dhan's failures classified: a dead token, a rate limit, trouble at Dhan (outcome unknown), refusals in plain words.

const body = (errorCode: string, errorMessage: string) => ({ errorType: 'x', errorCode, errorMessage });

describe('Dhan failures', () => {
  it('reads DH-901 and 401 as a dead session', () => {
    expect(dhanFailure(401, undefined)).toMatchObject({ code: 'token_expired', uncertain: false });
    expect(
      dhanFailure(400, body('DH-901', 'Client ID or user generated access token is invalid or expired.')),
    ).toMatchObject({
      code: 'token_expired',
    });
  });

  it('reads DH-904 and 429 as a rate limit', () => {
    expect(dhanFailure(429, undefined).code).toBe('rate_limited');
    expect(dhanFailure(400, body('DH-904', 'Too many requests on server from single user'))).toMatchObject({
      code: 'rate_limited',
      uncertain: false,
    });
  });

  it('reads DH-908, DH-909 and a 5xx as uncertain', () => {
    for (const failure of [
      dhanFailure(502, undefined),
      dhanFailure(400, body('DH-908', 'Internal Server Error')),
      dhanFailure(400, body('DH-909', 'Network error')),
    ]) {
      expect(failure).toMatchObject({ code: 'network', uncertain: true });
    }
    expect(classifyDhanError(new Error('socket hang up'))).toMatchObject({
      code: 'network',
      uncertain: true,
    });
  });

  it("keeps Dhan's words for a refusal, and an unknown order is not_found", () => {
    expect(dhanFailure(400, body('DH-906', 'Insufficient funds'))).toMatchObject({
      code: 'rejected',
      message: 'Dhan: Insufficient funds',
      uncertain: false,
    });
    expect(dhanFailure(400, body('DH-906', 'Order not found')).code).toBe('not_found');
    expect(dhanFailure(400, body('DH-902', '')).message).toMatch(/does not have access to the Trading APIs/);
  });

  it('says the exchange-rule refusals in plain words', () => {
    expect(dhanFailure(400, body('DH-905', 'Static IP not whitelisted for order placement')).message).toMatch(
      /static IP registered for your account/,
    );
    expect(
      dhanFailure(400, body('DH-906', 'Algo orders not allowed without approved algo id')).message,
    ).toMatch(/exchange-approved algo/);
    expect(dhanFailure(400, body('DH-906', 'Market price protection could not be applied')).message).toMatch(
      /price protection/,
    );
  });
});
