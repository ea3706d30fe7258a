import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normCdf, normPdf } from './normal';

describe('normal distribution', () => {
  // Reference values: 0.5 * erfc(-x / sqrt 2) in double precision.
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [1.96, 0.9750021048517795],
    [-3, 0.0013498980316300957],
    [-5, 2.866515718791946e-7],
    [-8, 6.220960574271819e-16],
    [-10, 7.619853024160593e-24],
  ])('normCdf(%d) is within 1e-15 absolute and 1e-7 relative', (x, expected) => {
    expect(Math.abs(normCdf(x) - expected)).toBeLessThan(1e-15);
    expect(Math.abs(normCdf(x) - expected) / expected).toBeLessThan(1e-7);
    expect(Math.abs(normCdf(-x) - (1 - expected))).toBeLessThan(1e-15);
  });

  it('is accurate to 1e-14 relative near the centre', () => {
    expect(Math.abs(normCdf(-2) / 0.022750131948179212 - 1)).toBeLessThan(1e-14);
    expect(Math.abs(normCdf(0.5) / 0.6914624612740131 - 1)).toBeLessThan(1e-14);
  });

  it('saturates in the far tails', () => {
    expect(normCdf(40)).toBe(1);
    expect(normCdf(-40)).toBe(0);
    expect(Number.isNaN(normCdf(Number.NaN))).toBe(true);
  });

  it('is symmetric and monotone (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -30, max: 30, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (x, dx) => {
          expect(normCdf(x) + normCdf(-x)).toBeCloseTo(1, 14);
          expect(normCdf(x + dx)).toBeGreaterThanOrEqual(normCdf(x));
        },
      ),
    );
  });

  it('has the standard density', () => {
    expect(normPdf(0)).toBeCloseTo(0.3989422804014327, 15);
    expect(normPdf(1)).toBeCloseTo(0.24197072451914337, 15);
  });
});
