import { type MarginInputs, type MarginSide, openingMarginPaise } from './estimate';

// What an account must hold as margin, from its positions and resting orders. The per-unit estimate is in
// estimate.ts; these rules decide which quantity it applies to.

/** Quantity of an order that opens or adds to a position; the rest only reduces what the user holds. */
export const openingQuantity = (netQuantity: number, side: MarginSide, quantity: number): number => {
  const closable = side === 'sell' ? Math.max(0, netQuantity) : Math.max(0, -netQuantity);
  return Math.max(0, quantity - closable);
};

/** An order as margin sees it: its side, the price it is reckoned at and its unfilled quantity. */
export interface MarginOrder {
  side: MarginSide;
  price: number;
  quantity: number;
}

/**
 * Margin an order blocks: the estimate for the part that opens or adds to the position, nothing for the part that
 * exits it. Every exit of a held position is free, however many rest against it (a bracket's target and stop, a
 * stop and a later target): only one of them can take the position away, and an exit that would then open a new
 * position is checked again when it fills.
 */
export const orderMarginPaise = (inputs: MarginInputs, order: MarginOrder, netQuantity: number): number =>
  openingMarginPaise(
    inputs,
    order.side,
    order.price,
    openingQuantity(netQuantity, order.side, order.quantity),
  );

/** A position as margin sees it: net quantity (negative = short) and what its open quantity cost. */
export interface MarginPosition {
  netQuantity: number;
  openCostPaise: number;
}

/**
 * Margin an open position holds: a long option holds the premium it cost (paid upfront, nothing more can be
 * lost); a short option or a future holds the estimate at the current price `mark`.
 */
export const positionMarginPaise = (inputs: MarginInputs, position: MarginPosition, mark: number): number => {
  const open = Math.abs(position.netQuantity);
  if (open === 0) return 0;
  if (inputs.kind !== 'FUT' && position.netQuantity > 0) return position.openCostPaise;
  return openingMarginPaise(inputs, position.netQuantity > 0 ? 'buy' : 'sell', mark, open);
};

/** One contract of an account: the contract, its position (flat when none), its price and its resting orders. */
export interface ContractMarginBook {
  inputs: MarginInputs;
  position: MarginPosition;
  mark: number;
  orders: readonly MarginOrder[];
}

/** Margin an account requires: every position's plus every resting order's against its contract's position. */
export const requiredMarginPaise = (books: readonly ContractMarginBook[]): number =>
  books.reduce(
    (sum, book) =>
      sum +
      positionMarginPaise(book.inputs, book.position, book.mark) +
      book.orders.reduce(
        (orders, order) => orders + orderMarginPaise(book.inputs, order, book.position.netQuantity),
        0,
      ),
    0,
  );
