import { syntheticDepth } from '@xtrader/core/market/depth';
import { describe, expect, it } from 'vitest';
import {
  bookOf,
  isLimitCrossed,
  isStopTriggered,
  type TakingOrder,
  takeFromBook,
  trailMove,
} from './matching';

describe('paper matching rules', () => {
  it.each([
    { side: 'buy', limit: 100, ltp: 100.05, crossed: false },
    { side: 'buy', limit: 100, ltp: 100, crossed: true },
    { side: 'buy', limit: 100, ltp: 99.95, crossed: true },
    { side: 'sell', limit: 100, ltp: 99.95, crossed: false },
    { side: 'sell', limit: 100, ltp: 100, crossed: true },
    { side: 'sell', limit: 100, ltp: 100.05, crossed: true },
  ] as const)(
    'a $side limit at $limit is crossed by a touch at $ltp: $crossed',
    ({ side, limit, ltp, crossed }) => {
      expect(isLimitCrossed(side, limit, ltp)).toBe(crossed);
    },
  );

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

  const book = {
    buy: [
      { price: 99.95, quantity: 130 },
      { price: 99.9, quantity: 650 },
    ],
    sell: [
      { price: 100.05, quantity: 130 },
      { price: 100.1, quantity: 650 },
    ],
  };
  const taking = (fields: Partial<TakingOrder>): TakingOrder => ({
    side: 'buy',
    orderType: 'market',
    price: undefined,
    quantity: 260,
    filledQuantity: 0,
    marketProtection: undefined,
    ...fields,
  });

  it('a market buy walks the offers at their prices; a limit stops at its price', () => {
    expect(takeFromBook(taking({}), book, 100).trades).toEqual([
      { price: 100.05, quantity: 130 },
      { price: 100.1, quantity: 130 },
    ]);
    expect(takeFromBook(taking({ orderType: 'limit', price: 100.05 }), book, 100).filledQuantity).toBe(130);
    expect(takeFromBook(taking({ orderType: 'stoploss', price: 100 }), book, 100).filledQuantity).toBe(0);
    // Only the unfilled rest is taken.
    expect(takeFromBook(taking({ side: 'sell', filledQuantity: 195 }), book, 100).trades).toEqual([
      { price: 99.95, quantity: 65 },
    ]);
  });

  it('a market order walks no further than its protection from the last price (default 10%)', () => {
    const wide = {
      buy: [],
      sell: [
        { price: 100, quantity: 65 },
        { price: 115, quantity: 650 },
      ],
    };
    expect(takeFromBook(taking({}), wide, 100).filledQuantity).toBe(65);
    expect(takeFromBook(taking({ marketProtection: 20 }), wide, 100).filledQuantity).toBe(260);
    expect(takeFromBook(taking({ side: 'sell' }), wide, 100).filledQuantity).toBe(0);
  });

  it('a quote without depth is a one-tick book around the last price', () => {
    expect(bookOf({ lastPrice: 100 })).toEqual(syntheticDepth(100));
    expect(bookOf({ lastPrice: 100, depth: book })).toBe(book);
    expect(isLimitCrossed('buy', 100, undefined)).toBe(false);
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
