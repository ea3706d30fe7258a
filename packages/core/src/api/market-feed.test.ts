import { describe, expect, it } from 'vitest';
import { feedStatusSchema, practicePricesText } from './market-feed';

describe('practice prices text', () => {
  it("says simulated, the platform vendor, or the user's own broker, with the delay", () => {
    expect(practicePricesText(null, 5000)).toBe('Simulated prices: not the market’s.');
    expect(practicePricesText({ source: 'simulated', broker: null, vendor: null }, 5000)).toMatch(
      /^Simulated/,
    );
    expect(practicePricesText({ source: 'platform', broker: null, vendor: 'TrueData' }, 5000)).toBe(
      'TrueData prices, 5 s delayed.',
    );
    expect(practicePricesText({ source: 'broker', broker: 'ZERODHA', vendor: null }, 5000)).toBe(
      'Your ZERODHA prices, 5 s delayed.',
    );
  });

  it('reads a status without the newer fields (an older server) as no vendor and no practice source', () => {
    const parsed = feedStatusSchema.parse({
      source: 'simulated',
      broker: null,
      view: 'live',
      state: 'simulated',
      symbol: null,
      lastTickAt: null,
      now: 1,
      delayMs: 0,
      staleAfterMs: 3000,
      tokenExpiresAt: null,
    });
    expect(parsed).toMatchObject({ vendor: null, practice: null });
  });
});
