import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summariseDay, winRate } from './day-summary';

describe('summariseDay', () => {
  it('adds up gross and charges, counts wins and losses on net, and keeps the worst net', () => {
    const s = summariseDay(
      [
        { grossPaise: 130_000, chargesPaise: 6_533 }, // +1,234.67 net: a win
        { grossPaise: -3_250, chargesPaise: 6_279 }, // -95.29 net: a loss
        { grossPaise: 5_000, chargesPaise: 6_000 }, // a small gross profit eaten by charges: a loss
        { grossPaise: 0, chargesPaise: 0 }, // neither
      ],
      7,
    );
    expect(s).toEqual({
      trades: 7,
      grossPaise: 131_750,
      chargesPaise: 18_812,
      netPaise: 112_938,
      wins: 1,
      losses: 2,
      largestLossPaise: -9_529,
    });
    expect(winRate(s)).toBeCloseTo(1 / 3);
  });

  it('an empty day has no win rate and no loss', () => {
    const s = summariseDay([], 0);
    expect(s.largestLossPaise).toBe(0);
    expect(winRate(s)).toBeUndefined();
  });

  it('net is gross less charges; largest loss is never above 0 nor below net of any one position', () => {
    const arb = fc.array(
      fc.record({ grossPaise: fc.integer({ min: -1e7, max: 1e7 }), chargesPaise: fc.nat({ max: 1e5 }) }),
    );
    fc.assert(
      fc.property(arb, (positions) => {
        const s = summariseDay(positions, positions.length);
        expect(s.netPaise).toBe(s.grossPaise - s.chargesPaise);
        expect(s.largestLossPaise).toBeLessThanOrEqual(0);
        const nets = positions.map((p) => p.grossPaise - p.chargesPaise);
        expect(s.largestLossPaise).toBe(Math.min(0, ...nets));
        expect(s.wins + s.losses).toBeLessThanOrEqual(positions.length);
      }),
    );
  });
});
