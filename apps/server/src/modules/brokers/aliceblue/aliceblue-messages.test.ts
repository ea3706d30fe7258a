import { describe, expect, it } from 'vitest';
import { explainRefusal, isSessionExpiry } from './aliceblue-messages';

// AliceBlue's refusals as a trader reads them: codes spelled out, the exchanges' API-order rules in plain words.

describe('AliceBlue refusals', () => {
  it.each([
    ['EC954', 'rejected', 'AliceBlue: the quantity must be a whole number of lots (EC954)'],
    [
      'EC999',
      'not_found',
      'AliceBlue: the order is not in your AliceBlue order book, so it cannot be modified (EC999)',
    ],
    [
      'EC983',
      'rejected',
      'AliceBlue: the exchange algo id configured on this server is not valid at AliceBlue (EC983)',
    ],
    ['EC988', 'rejected', 'AliceBlue: market orders need market protection (EC988)'],
    ['EC777', 'rejected', 'AliceBlue: EC777'],
    ['Order rejected: Static IP not registered', 'rejected', expect.stringContaining('static IP')],
    ['Algo order not allowed for this client', 'rejected', expect.stringContaining('exchange algo id')],
    ['Market protection is mandatory', 'rejected', expect.stringContaining('market protection')],
    ['Too many requests', 'rate_limited', expect.stringContaining('too many requests')],
    ['', 'rejected', 'AliceBlue: the request was refused'],
  ])('%j is %s: %s', (message, code, text) => {
    expect(explainRefusal(message)).toEqual({ code, text });
  });

  it('knows a dead session by its code or words', () => {
    expect(isSessionExpiry('EC087')).toBe(true);
    expect(isSessionExpiry('Session Expired')).toBe(true);
    expect(isSessionExpiry('EC954')).toBe(false);
  });
});
