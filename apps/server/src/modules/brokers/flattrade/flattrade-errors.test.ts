import { describe, expect, it } from 'vitest';
import { FLATTRADE_MESSAGES, isNoData, refusalOf } from './flattrade-errors';

// Noren's refusal texts -> classified errors a trader can act on.

describe('Flattrade refusals', () => {
  it.each([
    ['Session Expired :  Invalid Session Key', 'token_expired', FLATTRADE_MESSAGES.sessionExpired],
    [
      'Invalid Input :  Order Recieved 11 in a current second exceeds Limit 10 for user',
      'rate_limited',
      FLATTRADE_MESSAGES.rateLimited,
    ],
    ['RED:Order from non-whitelisted static IP not allowed', 'rejected', FLATTRADE_MESSAGES.staticIp],
    ['RED:Algo orders are not allowed for this client', 'rejected', FLATTRADE_MESSAGES.algoNotAllowed],
    [
      'RED:Market order without market protection is not allowed',
      'rejected',
      FLATTRADE_MESSAGES.marketProtection,
    ],
    ['RED:SL-MKT order type is not allowed for option contracts', 'rejected', FLATTRADE_MESSAGES.stopMarket],
    ['Rejected : ORA:Order not found', 'not_found', 'Flattrade: Rejected : ORA:Order not found'],
    ['RED:Margin Shortfall:INR 1,234.50', 'rejected', 'Flattrade: RED:Margin Shortfall:INR 1,234.50'],
  ])('%s -> %s', (emsg, code, message) => {
    expect(refusalOf(emsg)).toMatchObject({ code, message, uncertain: false });
  });

  it('has a message for a refusal without text, and knows an empty book', () => {
    expect(refusalOf(undefined).message).toBe('Flattrade: the request was refused');
    expect(isNoData('no data')).toBe(true);
    expect(isNoData('Invalid Trading Symbol')).toBe(false);
  });
});
