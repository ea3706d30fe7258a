import { describe, expect, it } from 'vitest';
import { DelayLine } from './delay-line';

describe('delay line', () => {
  it('releases each tick exactly delayMs after it was seen, in order', () => {
    const line = new DelayLine(5000);
    const depth = { buy: [{ price: 0.95, quantity: 65 }], sell: [{ price: 1.05, quantity: 130 }] };
    line.push('A', 1, 100, 0.5, 1000, depth);
    line.push('B', 2, 200, undefined, 1500);
    expect(line.nextDue()).toBe(6000);
    const out: unknown[] = [];
    const visit = (...tick: unknown[]) => out.push(tick);
    expect(line.drain(5999, visit)).toBe(0);
    expect(line.drain(6000, visit)).toBe(1);
    expect(out).toEqual([['A', 1, 100, 0.5, depth]]);
    expect(line.drain(10_000, visit)).toBe(1);
    expect(out[1]).toEqual(['B', 2, 200, undefined, undefined]);
    expect(line.size).toBe(0);
    expect(line.nextDue()).toBeUndefined();
  });

  it('grows past its initial capacity without losing order, also after wrapping', () => {
    const line = new DelayLine(10);
    const out: number[] = [];
    for (let i = 0; i < 700; i += 1) line.push(`S${i}`, i, i, undefined, i);
    line.drain(500, (_s, price) => out.push(price));
    for (let i = 700; i < 3000; i += 1) line.push(`S${i}`, i, i, undefined, i);
    line.drain(10_000, (_s, price) => out.push(price));
    expect(out).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });
});
