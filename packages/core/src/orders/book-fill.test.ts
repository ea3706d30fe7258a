import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MarketDepth, syntheticDepth } from '../market/depth';
import { consume, protectionLimit, walkBook } from './book-fill';
import { toPaise } from './price-rules';
import type { TransactionType } from './types';

const LOT = 65;

/** A realistic book: a positive best bid, offers above it, each side five levels moving away by 1-4 ticks. */
const depthArb: fc.Arbitrary<MarketDepth> = fc
  .record({
    bidTicks: fc.integer({ min: 1, max: 20_000 }),
    spreadTicks: fc.integer({ min: 1, max: 10 }),
    bidSteps: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
    askSteps: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
    bidLots: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 5, maxLength: 5 }),
    askLots: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ bidTicks, spreadTicks, bidSteps, askSteps, bidLots, askLots }) => {
    const buy = [];
    const sell = [];
    let bid = bidTicks;
    let ask = bidTicks + spreadTicks;
    for (let i = 0; i < 5; i++) {
      if (bid >= 1) buy.push({ price: bid / 20, quantity: bidLots[i]! * LOT });
      sell.push({ price: ask / 20, quantity: askLots[i]! * LOT });
      bid -= bidSteps[i] ?? 0;
      ask += askSteps[i] ?? 0;
    }
    return { buy, sell };
  });

const sideArb = fc.constantFrom<TransactionType>('buy', 'sell');
const lotsArb = fc.integer({ min: 1, max: 300 });
const fillsAt = (side: TransactionType, price: number, best: number) =>
  side === 'buy' ? toPaise(price) >= toPaise(best) : toPaise(price) <= toPaise(best);

describe('walking the book (property)', () => {
  it('a buy never fills below the ask and a sell never above the bid at that moment', () => {
    fc.assert(
      fc.property(depthArb, sideArb, lotsArb, (depth, side, lots) => {
        const best = side === 'buy' ? depth.sell[0]!.price : depth.buy[0]!.price;
        const fill = walkBook(side, lots * LOT, depth);
        for (const trade of fill.trades) expect(fillsAt(side, trade.price, best)).toBe(true);
        if (fill.filledQuantity > 0) expect(fillsAt(side, fill.averagePrice, best)).toBe(true);
      }),
    );
  });

  it('a limit never fills through its price', () => {
    fc.assert(
      fc.property(
        depthArb,
        sideArb,
        lotsArb,
        fc.integer({ min: 1, max: 20_050 }),
        (depth, side, lots, ticks) => {
          const limit = ticks / 20;
          const fill = walkBook(side, lots * LOT, depth, limit);
          for (const trade of fill.trades) {
            if (side === 'buy') expect(toPaise(trade.price)).toBeLessThanOrEqual(toPaise(limit));
            else expect(toPaise(trade.price)).toBeGreaterThanOrEqual(toPaise(limit));
          }
        },
      ),
    );
  });

  it('fills at most the order and at most what the book holds within the protection', () => {
    fc.assert(
      fc.property(
        depthArb,
        sideArb,
        lotsArb,
        fc.integer({ min: 0, max: 10 }),
        (depth, side, lots, percent) => {
          const last = (side === 'buy' ? depth.sell[0]! : (depth.buy[0] ?? depth.sell[0]!)).price;
          const cap = protectionLimit(side, last, percent);
          const fill = walkBook(side, lots * LOT, depth, cap);
          const reachable = (side === 'buy' ? depth.sell : depth.buy)
            .filter((l) => cap === undefined || (side === 'buy' ? l.price <= cap : l.price >= cap))
            .reduce((sum, l) => sum + l.quantity, 0);
          expect(fill.filledQuantity).toBeLessThanOrEqual(lots * LOT);
          expect(fill.filledQuantity).toBe(Math.min(lots * LOT, reachable));
          expect(fill.trades.reduce((sum, t) => sum + t.quantity, 0)).toBe(fill.filledQuantity);
          expect(fill.trades.reduce((sum, t) => sum + toPaise(t.price) * t.quantity, 0)).toBe(
            fill.valuePaise,
          );
        },
      ),
    );
  });

  it('an exit never increases exposure: closing a position leaves it smaller or flat, never flipped', () => {
    fc.assert(
      fc.property(depthArb, fc.integer({ min: -300, max: 300 }).filter(Boolean), (depth, positionLots) => {
        const position = positionLots * LOT;
        const side: TransactionType = position > 0 ? 'sell' : 'buy';
        const fill = walkBook(side, Math.abs(position), depth);
        const after = position + (side === 'buy' ? fill.filledQuantity : -fill.filledQuantity);
        expect(Math.abs(after)).toBeLessThanOrEqual(Math.abs(position));
        expect(Math.sign(after) === 0 || Math.sign(after) === Math.sign(position)).toBe(true);
      }),
    );
  });

  it('what one order took is gone for the next (consume), and nothing else changes', () => {
    fc.assert(
      fc.property(depthArb, sideArb, lotsArb, lotsArb, (depth, side, first, second) => {
        const total = (d: MarketDepth) =>
          (side === 'buy' ? d.sell : d.buy).reduce((s, l) => s + l.quantity, 0);
        const fill = walkBook(side, first * LOT, depth);
        const left = consume(depth, side, fill);
        expect(total(left)).toBe(total(depth) - fill.filledQuantity);
        expect(side === 'buy' ? left.buy : left.sell).toBe(side === 'buy' ? depth.buy : depth.sell);
        const next = walkBook(side, second * LOT, left);
        expect(fill.filledQuantity + next.filledQuantity).toBeLessThanOrEqual(total(depth));
      }),
    );
  });
});

describe('walking the book (examples)', () => {
  const depth: MarketDepth = {
    buy: [
      { price: 99.9, quantity: 130 },
      { price: 99.8, quantity: 650 },
    ],
    sell: [
      { price: 100, quantity: 130 },
      { price: 100.1, quantity: 195 },
      { price: 100.3, quantity: 650 },
    ],
  };

  it('a market buy larger than the top level pays the average of the walk', () => {
    const fill = walkBook('buy', 390, depth);
    expect(fill.trades).toEqual([
      { price: 100, quantity: 130 },
      { price: 100.1, quantity: 195 },
      { price: 100.3, quantity: 65 },
    ]);
    expect(fill.valuePaise).toBe(13_000_00 + 19_519_50 + 6_519_50);
    expect(fill.averagePrice).toBeCloseTo(39_039 / 390, 10);
  });

  it('a buy limit takes only the offers at or below it; beyond the book the rest is left', () => {
    expect(walkBook('buy', 650, depth, 100.1).filledQuantity).toBe(325);
    expect(walkBook('buy', 650, depth, 99.95).filledQuantity).toBe(0);
    expect(walkBook('sell', 1000, depth).filledQuantity).toBe(780);
  });

  it('market protection caps the walk at the last price plus the percentage', () => {
    expect(protectionLimit('buy', 100, 0.2)).toBe(100.2);
    expect(walkBook('buy', 975, depth, protectionLimit('buy', 100, 0.2)).filledQuantity).toBe(325);
    expect(protectionLimit('sell', 100, 0)).toBeUndefined();
  });

  it('without depth the synthetic book is one tick each side of the last price, never below 0.05', () => {
    expect(syntheticDepth(100)).toEqual({
      buy: [{ price: 99.95, quantity: Number.POSITIVE_INFINITY }],
      sell: [{ price: 100.05, quantity: Number.POSITIVE_INFINITY }],
    });
    expect(syntheticDepth(0.05).buy[0]!.price).toBe(0.05);
    expect(walkBook('sell', 1_000_000, syntheticDepth(10)).averagePrice).toBe(9.95);
  });
});
