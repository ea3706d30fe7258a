import { describe, expect, it } from 'vitest';
import { formatLatency, formatSlippage, istClock } from './journal-format';
import { parseTags } from './trade-notes-editor';

describe('journal formatting', () => {
  it('shows latencies in ms below a second, in seconds above, a dash when unknown', () => {
    expect(formatLatency(12.4)).toBe('12 ms');
    expect(formatLatency(1240)).toBe('1.24 s');
    expect(formatLatency(null)).toBe('-');
  });

  it('signs slippage and names ticks', () => {
    expect(formatSlippage({ perUnit: -0.05, ticks: -1 })).toBe('-0.05 (-1 tick)');
    expect(formatSlippage({ perUnit: 0.1, ticks: 2 })).toBe('+0.10 (+2 ticks)');
    expect(formatSlippage({ perUnit: 0, ticks: 0 })).toBe('0.00 (0 ticks)');
    expect(formatSlippage(null)).toBe('-');
  });

  it('shows times on the IST clock', () => {
    expect(istClock(Date.UTC(2026, 10, 24, 3, 45, 7))).toBe('09:15:07');
    expect(istClock(null)).toBe('-');
  });

  it('reads tags separated by commas or spaces, dropping empty ones', () => {
    expect(parseTags(' breakout, A+  trend,,')).toEqual(['breakout', 'A+', 'trend']);
    expect(parseTags('')).toEqual([]);
  });
});
