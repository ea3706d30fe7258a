import type { Touch } from '@xtrader/core/orders/price-ladder';
import { describe, expect, it, vi } from 'vitest';
import { REPRICE_WINDOW_MS, type RepriceDeps, startAutoReprice } from './auto-reprice';

function harness(modifyAnswers: boolean[] = []) {
  let touch: Touch = { bid: 100, ask: 101 };
  let listener: (() => void) | undefined;
  let timer: (() => void) | undefined;
  const released = vi.fn();
  const deps: RepriceDeps = {
    touch: () => touch,
    onQuote: (_symbol, onChange) => {
      listener = onChange;
      return () => {
        listener = undefined;
      };
    },
    retain: () => released,
    modify: vi.fn(async () => modifyAnswers.shift() ?? true),
    setTimer: (run) => {
      timer = run;
      return () => {
        timer = undefined;
      };
    },
  };
  const tick = async (next: Touch) => {
    touch = next;
    listener?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { deps, tick, released, listening: () => listener !== undefined, fireTimer: () => timer?.() };
}

const ORDER = {
  orderId: 'o1',
  symbol: 'NIFTYCE',
  side: 'buy',
  mode: 'join',
  price: 100,
  tick: 0.05,
} as const;

describe('auto re-price', () => {
  it('moves the limit to the new bid at most N times, then stops', async () => {
    const h = harness();
    startAutoReprice(h.deps, { ...ORDER, times: 2 });
    await h.tick({ bid: 100, ask: 101 });
    expect(h.deps.modify).not.toHaveBeenCalled();
    await h.tick({ bid: 100.5, ask: 101 });
    await h.tick({ bid: 100.7, ask: 101 });
    await h.tick({ bid: 100.9, ask: 101 });
    expect(h.deps.modify).toHaveBeenCalledTimes(2);
    expect(h.deps.modify).toHaveBeenNthCalledWith(1, 'o1', 100.5);
    expect(h.deps.modify).toHaveBeenNthCalledWith(2, 'o1', 100.7);
    expect(h.listening()).toBe(false);
    expect(h.released).toHaveBeenCalledOnce();
  });

  it('stops when a modification is refused (the order filled or ended)', async () => {
    const h = harness([false]);
    startAutoReprice(h.deps, { ...ORDER, times: 5 });
    await h.tick({ bid: 100.5, ask: 101 });
    await h.tick({ bid: 100.6, ask: 101 });
    expect(h.deps.modify).toHaveBeenCalledOnce();
    expect(h.listening()).toBe(false);
  });

  it('does nothing when off, and stops on its window or when told', async () => {
    const off = harness();
    startAutoReprice(off.deps, { ...ORDER, times: 0 });
    expect(off.listening()).toBe(false);
    const timed = harness();
    startAutoReprice(timed.deps, { ...ORDER, times: 3 });
    expect(REPRICE_WINDOW_MS).toBeGreaterThan(0);
    timed.fireTimer();
    await timed.tick({ bid: 100.5, ask: 101 });
    expect(timed.deps.modify).not.toHaveBeenCalled();
    const told = harness();
    const stop = startAutoReprice(told.deps, { ...ORDER, times: 3 });
    stop();
    stop();
    expect(told.released).toHaveBeenCalledOnce();
  });
});
