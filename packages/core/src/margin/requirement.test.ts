import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPaise } from '../orders/price-rules';
import type { MarginInputs, MarginSide } from './estimate';
import {
  type ContractMarginBook,
  type MarginOrder,
  openingQuantity,
  orderMarginPaise,
  requiredMarginPaise,
} from './requirement';

const LOT = 65;
const opposite = (side: MarginSide): MarginSide => (side === 'buy' ? 'sell' : 'buy');
const price = fc.integer({ min: 1, max: 40_000 }).map((ticks) => ticks * 0.05);
const side = fc.constantFrom<MarginSide>('buy', 'sell');
const inputs: fc.Arbitrary<MarginInputs> = fc.record({
  kind: fc.constantFrom('CE', 'PE', 'FUT'),
  strike: fc.integer({ min: 200, max: 600 }).map((n) => n * 50),
  spot: fc.option(fc.integer({ min: 20_000, max: 30_000 }), { nil: undefined }),
});
const order: fc.Arbitrary<MarginOrder> = fc.record({
  side,
  price,
  quantity: fc.integer({ min: 1, max: 20 }).map((lots) => lots * LOT),
});
const book: fc.Arbitrary<ContractMarginBook> = fc.record({
  inputs,
  position: fc.record({ lots: fc.integer({ min: -20, max: 20 }), cost: price }).map(({ lots, cost }) => ({
    netQuantity: lots * LOT,
    openCostPaise: toPaise(cost) * Math.abs(lots * LOT),
  })),
  mark: price,
  orders: fc.array(order, { maxLength: 4 }),
});

describe('margin requirement', () => {
  it('needs margin only for the part of an order beyond the position it exits', () => {
    expect(openingQuantity(65, 'sell', 65)).toBe(0);
    expect(openingQuantity(65, 'sell', 130)).toBe(65);
    expect(openingQuantity(65, 'buy', 65)).toBe(65);
    expect(openingQuantity(-130, 'buy', 65)).toBe(0);
  });

  it('blocks nothing for a target on a long that already has a stop (no 2.2 lakh short estimate)', () => {
    const ce: MarginInputs = { kind: 'CE', strike: 26_000, spot: 26_000 };
    const stop = { side: 'sell' as const, price: 190, quantity: 65 };
    const target = { side: 'sell' as const, price: 230, quantity: 65 };
    const long = { netQuantity: 65, openCostPaise: 13_715_00 };
    expect(requiredMarginPaise([{ inputs: ce, position: long, mark: 211, orders: [stop, target] }])).toBe(
      13_715_00,
    );
  });

  it('never increases the required margin when an exit of a held position is placed (property)', () => {
    fc.assert(
      fc.property(book, price, fc.double({ min: 0, max: 1, noNaN: true }), (b, exitPrice, share) => {
        const held = Math.abs(b.position.netQuantity);
        fc.pre(held > 0);
        const exit: MarginOrder = {
          side: b.position.netQuantity > 0 ? 'sell' : 'buy',
          price: exitPrice,
          quantity: Math.max(1, Math.round(held * share)),
        };
        const before = requiredMarginPaise([b]);
        const after = requiredMarginPaise([{ ...b, orders: [...b.orders, exit] }]);
        expect(after).toBeLessThanOrEqual(before);
        expect(orderMarginPaise(b.inputs, exit, b.position.netQuantity)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('never increases the required margin when an exit fills (property)', () => {
    fc.assert(
      fc.property(book, fc.double({ min: 0, max: 1, noNaN: true }), (b, share) => {
        const held = Math.abs(b.position.netQuantity);
        fc.pre(held > 0);
        const filled = Math.max(1, Math.round(held * share));
        const remaining = held - filled;
        const reduced = {
          netQuantity: Math.sign(b.position.netQuantity) * remaining,
          openCostPaise: Math.round((b.position.openCostPaise * remaining) / held),
        };
        const alone = { ...b, orders: [] };
        expect(requiredMarginPaise([{ ...alone, position: reduced }])).toBeLessThanOrEqual(
          requiredMarginPaise([alone]),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('requires for a filled bracket (position, target and stop) what its entry required (property)', () => {
    fc.assert(
      fc.property(inputs, side, price, fc.integer({ min: 1, max: 20 }), (contract, entrySide, fill, lots) => {
        const quantity = lots * LOT;
        const entry: MarginOrder = { side: entrySide, price: fill, quantity };
        const flat = { netQuantity: 0, openCostPaise: 0 };
        const beforeFill = requiredMarginPaise([
          { inputs: contract, position: flat, mark: fill, orders: [entry] },
        ]);
        const exitSide = opposite(entrySide);
        const legs: MarginOrder[] = [
          { side: exitSide, price: fill + 20, quantity },
          { side: exitSide, price: Math.max(0.05, fill - 20), quantity },
        ];
        const position = {
          netQuantity: entrySide === 'buy' ? quantity : -quantity,
          openCostPaise: toPaise(fill) * quantity,
        };
        const afterFill = requiredMarginPaise([{ inputs: contract, position, mark: fill, orders: legs }]);
        expect(afterFill).toBe(beforeFill);
      }),
      { numRuns: 500 },
    );
  });
});
