import { describe, expect, it } from 'vitest';
import { fyersFailure } from './fyers-errors';

describe('Fyers failures', () => {
  it.each([
    [401, -16, 'Could not authenticate', 'token_expired', false],
    [400, -17, 'token expired', 'token_expired', false],
    [429, undefined, undefined, 'rate_limited', false],
    [200, -429, 'API rate limit exceeded', 'rate_limited', false],
    [502, undefined, undefined, 'network', true],
    [400, -51, 'Invalid order id', 'not_found', false],
    [400, -99, 'RED:Margin shortfall', 'rejected', false],
  ] as const)('HTTP %i code %s is %s', (status, code, message, expected, uncertain) => {
    expect(fyersFailure(status, code, message)).toMatchObject({ code: expected, uncertain });
  });

  it('explains exchange-rule refusals in plain words', () => {
    expect(fyersFailure(400, -99, 'Order rejected: IP not registered').message).toBe(
      'Fyers: orders from this server are not allowed: its IP address is not registered as your static IP at Fyers (Order rejected: IP not registered)',
    );
    expect(
      fyersFailure(400, -99, 'Market orders without market protection are not allowed').message,
    ).toContain('market orders need market protection');
    expect(fyersFailure(400, -99, 'Algo ID not registered').message).toContain('algorithmic orders');
  });
});
