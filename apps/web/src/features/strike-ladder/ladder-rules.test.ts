import { describe, expect, it } from 'vitest';
import { nearestStrike, steppedStrike, strikeWindow } from './ladder-rules';

const STRIKES = [25800, 25850, 25900, 25950, 26000, 26050, 26100, 26150, 26200];

describe('strike ladder rules', () => {
  it('finds the ATM strike, the higher one on a tie', () => {
    expect(nearestStrike(STRIKES, 26012)).toBe(26000);
    expect(nearestStrike(STRIKES, 26025)).toBe(26050);
    expect(nearestStrike(STRIKES, 30000)).toBe(26200);
    expect(nearestStrike(STRIKES, undefined)).toBeUndefined();
    expect(nearestStrike([], 26000)).toBeUndefined();
  });

  it('shows the strikes each side of the centre, cut at the ends of the list', () => {
    expect(strikeWindow(STRIKES, 26000, 2)).toEqual([25900, 25950, 26000, 26050, 26100]);
    expect(strikeWindow(STRIKES, 25800, 2)).toEqual([25800, 25850, 25900]);
    expect(strikeWindow(STRIKES, 26025, 2)).toEqual([]);
    expect(strikeWindow(STRIKES, undefined, 2)).toEqual([]);
  });

  it('recentres as the spot moves', () => {
    const at = (spot: number) => strikeWindow(STRIKES, nearestStrike(STRIKES, spot), 1);
    expect(at(26000)).toEqual([25950, 26000, 26050]);
    expect(at(26080)).toEqual([26050, 26100, 26150]);
  });

  it('steps a strike up or down the list, staying at the ends', () => {
    expect(steppedStrike(STRIKES, 26000, 'up')).toBe(26050);
    expect(steppedStrike(STRIKES, 26000, 'down')).toBe(25950);
    expect(steppedStrike(STRIKES, 26020, 'down')).toBe(26000);
    expect(steppedStrike(STRIKES, 26200, 'up')).toBeUndefined();
    expect(steppedStrike(STRIKES, null, 'up')).toBeUndefined();
  });
});
