import { describe, expect, it } from 'vitest';
import { BROKER_IDS, isBrokerId, isPracticeBroker, PRACTICE_BROKER_ID } from './ids';

describe('broker ids', () => {
  it('only PAPERTRADE is Practice Mode', () => {
    expect(PRACTICE_BROKER_ID).toBe('PAPERTRADE');
    expect(BROKER_IDS.filter(isPracticeBroker)).toEqual(['PAPERTRADE']);
    expect(isPracticeBroker(null)).toBe(false);
    expect(isPracticeBroker(undefined)).toBe(false);
    expect(isPracticeBroker('papertrade')).toBe(false);
  });

  it('knows the stored broker ids and nothing else', () => {
    expect(isBrokerId('ZERODHA')).toBe(true);
    expect(isBrokerId('zerodha')).toBe(false);
    expect(isBrokerId('PAPER')).toBe(false);
  });
});
