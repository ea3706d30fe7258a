import { describe, expect, it } from 'vitest';
import { isLimitCrossed, isStopTriggered, limitFillPrice, trailMove } from './matching';

describe('paper matching rules', () => {
  it.each([
    { side: 'buy', limit: 100, ltp: 100.05, crossed: false },
    { side: 'buy', limit: 100, ltp: 100, crossed: true },
    { side: 'buy', limit: 100, ltp: 99.95, crossed: true },
    { side: 'sell', limit: 100, ltp: 99.95, crossed: false },
    { side: 'sell', limit: 100, ltp: 100, crossed: true },
    { side: 'sell', limit: 100, ltp: 100.05, crossed: true },
  ] as const)('a $side limit at $limit is crossed at $ltp: $crossed', ({ side, limit, ltp, crossed }) => {
    expect(isLimitCrossed(side, limit, ltp)).toBe(crossed);
  });

  it.each([
    { side: 'buy', trigger: 120, ltp: 119.95, fired: false },
    { side: 'buy', trigger: 120, ltp: 120, fired: true },
    { side: 'buy', trigger: 120, ltp: 125, fired: true },
    { side: 'sell', trigger: 80, ltp: 80.05, fired: false },
    { side: 'sell', trigger: 80, ltp: 80, fired: true },
    { side: 'sell', trigger: 80, ltp: 70, fired: true },
  ] as const)('a $side stop at $trigger fires at $ltp: $fired', ({ side, trigger, ltp, fired }) => {
    expect(isStopTriggered(side, trigger, ltp)).toBe(fired);
  });

  it.each([
    { side: 'buy', limit: 100, ltp: 95, onArrival: true, price: 95 },
    { side: 'buy', limit: 100, ltp: 95, onArrival: false, price: 100 },
    { side: 'sell', limit: 100, ltp: 104, onArrival: true, price: 104 },
    { side: 'sell', limit: 100, ltp: 104, onArrival: false, price: 100 },
  ] as const)('a $side limit at $limit crossed at $ltp (on arrival $onArrival) fills at $price', (row) => {
    expect(limitFillPrice(row.side, row.limit, row.ltp, row.onArrival)).toBe(row.price);
  });
});

describe('broker trailing', () => {
  const trail = { changeInPrice: 5, changeInSL: 1, referencePrice: 100 };

  it.each([
    { ltp: 104.95, expected: undefined },
    { ltp: 105, expected: { triggerPrice: 91, price: undefined, referencePrice: 105 } },
    { ltp: 112.3, expected: { triggerPrice: 92, price: undefined, referencePrice: 110 } },
    { ltp: 90, expected: undefined },
  ])('a sell stop at 90 from reference 100 at LTP $ltp', ({ ltp, expected }) => {
    expect(trailMove('sell', trail, 90, undefined, ltp)).toEqual(expected);
  });

  it.each([
    { ltp: 95.05, expected: undefined },
    { ltp: 95, expected: { triggerPrice: 109, price: 111, referencePrice: 95 } },
    { ltp: 80, expected: { triggerPrice: 106, price: 108, referencePrice: 80 } },
    { ltp: 130, expected: undefined },
  ])('a buy stop-limit 110/112 from reference 100 at LTP $ltp', ({ ltp, expected }) => {
    expect(trailMove('buy', trail, 110, 112, ltp)).toEqual(expected);
  });

  it('keeps decimal steps exact on the tick grid', () => {
    const move = trailMove(
      'sell',
      { changeInPrice: 0.15, changeInSL: 0.05, referencePrice: 10.1 },
      9.9,
      undefined,
      10.7,
    );
    expect(move).toEqual({ triggerPrice: 10.1, price: undefined, referencePrice: 10.7 });
  });

  it('never trails a buy stop below the minimum price', () => {
    const move = trailMove('buy', { changeInPrice: 1, changeInSL: 5, referencePrice: 10 }, 3, undefined, 2);
    expect(move?.triggerPrice).toBe(0.05);
    expect(move?.referencePrice).toBe(2);
  });
});
