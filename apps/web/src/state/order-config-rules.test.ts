import { describe, expect, it } from 'vitest';
import { indexChange, resolveExpiry, strikeChange } from './order-config-rules';

const LISTED = ['2026-11-23', '2026-12-01', '2026-12-08'];

describe('configuration bar rules', () => {
  it('keeps a listed future expiry and otherwise takes the first one not in the past', () => {
    expect(resolveExpiry('2026-12-01', LISTED, '2026-11-22')).toBe('2026-12-01');
    expect(resolveExpiry('', LISTED, '2026-11-22')).toBe('2026-11-23');
    expect(resolveExpiry('2026-12-15', LISTED, '2026-11-22')).toBe('2026-11-23');
    // A cached list read on a later day: past expiries are skipped.
    expect(resolveExpiry('2026-11-23', LISTED, '2026-11-24')).toBe('2026-12-01');
    expect(resolveExpiry('', [], '2026-11-22')).toBeUndefined();
  });

  it('clears expiry, lot size, strikes and both instruments on an index change', () => {
    expect(indexChange('SENSEX')).toEqual({
      index: 'SENSEX',
      expiry: '',
      lotSize: null,
      callStrike: null,
      putStrike: null,
      callTradingSymbol: '',
      callIdentifier: '',
      callInternalToken: '',
      putTradingSymbol: '',
      putIdentifier: '',
      putInternalToken: '',
    });
  });

  it('forgets the old contract of a side whose strike changes', () => {
    expect(strikeChange('put', 26_100)).toEqual({
      putStrike: 26_100,
      putTradingSymbol: '',
      putIdentifier: '',
      putInternalToken: '',
    });
  });
});
