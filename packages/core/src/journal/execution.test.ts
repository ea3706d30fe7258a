import { describe, expect, it } from 'vitest';
import { averageFillPrice, latencies, slippage } from './execution';

describe('latencies', () => {
  it('adds the client span to the server spans, never mixing clocks', () => {
    expect(
      latencies({
        pressedAt: 1000,
        requestedAt: 1003,
        receivedAt: 50_000,
        ackAt: 50_020,
        firstFillAt: 50_100,
      }),
    ).toEqual({ keyToRequestMs: 3, requestToAckMs: 20, ackToFillMs: 80, keyToAckMs: 23, keyToFillMs: 103 });
  });

  it('counts a fill booked before the answer as at the ack, and leaves out what is unknown', () => {
    expect(
      latencies({ pressedAt: null, requestedAt: null, receivedAt: 10, ackAt: 30, firstFillAt: 25 }),
    ).toEqual({
      keyToRequestMs: null,
      requestToAckMs: 20,
      ackToFillMs: 0,
      keyToAckMs: null,
      keyToFillMs: null,
    });
    expect(
      latencies({ pressedAt: 1, requestedAt: 2, receivedAt: 10, ackAt: null, firstFillAt: null }),
    ).toEqual({
      keyToRequestMs: 1,
      requestToAckMs: null,
      ackToFillMs: null,
      keyToAckMs: null,
      keyToFillMs: null,
    });
  });
});

describe('slippage', () => {
  it('is negative when a buy paid more or a sell got less than shown', () => {
    expect(slippage('buy', 100, 100.1)).toEqual({ perUnit: -0.1, ticks: -2 });
    expect(slippage('sell', 100, 99.95)).toEqual({ perUnit: -0.05, ticks: -1 });
  });

  it('is positive when the fill was better, zero when equal, null without a price', () => {
    expect(slippage('buy', 100, 99.9)).toEqual({ perUnit: 0.1, ticks: 2 });
    expect(slippage('sell', 100, 100)).toEqual({ perUnit: 0, ticks: 0 });
    expect(slippage('buy', null, 100)).toBeNull();
    expect(slippage('buy', 100, null)).toBeNull();
  });
});

describe('averageFillPrice', () => {
  it('weights by quantity, to the paisa', () => {
    expect(
      averageFillPrice([
        { quantity: 65, price: 100.05 },
        { quantity: 65, price: 100.1 },
      ]),
    ).toBe(100.08);
    expect(averageFillPrice([])).toBeNull();
  });
});
