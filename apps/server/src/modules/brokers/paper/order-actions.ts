import type { MarketDepth } from '@xtrader/core/market/depth';
import { type BookFill, consume } from '@xtrader/core/orders/book-fill';
import { cumulativeValuePaise } from '@xtrader/core/orders/fills';
import { fromPaise, roundMoney, toPaise } from '@xtrader/core/orders/price-rules';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { Quote } from '../../market/contract';
import { chargeFill } from './charges';
import { type Change, type ExchangeCore, orderOwner, retainPosition } from './exchange-core';
import {
  accountFunds,
  insufficientFundsMessage,
  orderRequirementPaise,
  type PaperAccount,
  referencePrice,
} from './funds';
import { bookOf, isStopTriggered, takeFromBook, trailMove } from './matching';
import { isResting, type PaperOrder } from './paper-order';
import { applyFill, emptyPosition } from './positions';

// The state changes of one paper order. Each mutates the in-memory state at once and records in `change` what to
// persist and which update to send, so a tick or a command is one atomic step.

const accountFor = (core: ExchangeCore, order: PaperOrder): PaperAccount => {
  const account = core.accounts.get(order.userId);
  if (!account) throw new Error(`paper account ${order.userId} missing for order ${order.id}`);
  return account;
};

/** Files an accepted order as resting: it holds its margin and keeps its symbol ticking. */
export function restOrder(core: ExchangeCore, order: PaperOrder): void {
  const account = accountFor(core, order);
  account.resting.set(order.id, order);
  core.book.add(order);
  core.prices.retain(order.userId, orderOwner(order), [order.tradingSymbol]);
}

/** Takes an order off the book and releases its margin. */
function unrest(core: ExchangeCore, order: PaperOrder): void {
  const account = accountFor(core, order);
  if (account.resting.delete(order.id)) {
    core.book.remove(order);
    core.prices.release(orderOwner(order));
  }
  account.blockedPaise -= order.blockedPaise;
  order.blockedPaise = 0;
}

/**
 * Where a tick or an arrival trades: the LTP and what is left of the book. A fill takes its quantity off the
 * book, so the next order of the same tick sees only the rest.
 */
export interface MarketAt {
  ltp: number;
  book: MarketDepth;
}

export const marketOf = (quote: Quote): MarketAt => ({ ltp: quote.lastPrice, book: bookOf(quote) });

/**
 * Records what `fill` took for the order: one trade per level (each at its price) into its position. Each trade
 * books the charges it adds to the order (on the trade, the order and the position, so the funds lose them at
 * once): an order's charges are cumulative over its fills, so its brokerage lands on its first trade and the
 * trades of a walk add up to what the order as a whole costs. When the whole order is filled it completes and
 * leaves the book; otherwise it stays open with the rest, blocking the margin the rest needs now.
 */
function executeFill(core: ExchangeCore, order: PaperOrder, fill: BookFill, change: Change): void {
  const account = accountFor(core, order);
  // The order's filled value in exact paise; the average (to the paisa) follows trade by trade so each trade's
  // charges see the order as it stands after that trade.
  let valuePaise = cumulativeValuePaise(order.averagePrice, order.filledQuantity);
  order.updatedAt = change.now;
  const key = positionKey(order);
  let position = account.positions.get(key) ?? emptyPosition(order, change.now);
  for (const trade of fill.trades) {
    const pricePaise = toPaise(trade.price);
    valuePaise += pricePaise * trade.quantity;
    order.filledQuantity += trade.quantity;
    order.averagePrice = roundMoney(fromPaise(valuePaise) / order.filledQuantity);
    const chargesPaise = chargeFill(core, order, change.now);
    const filled = applyFill(
      position,
      { side: order.side, quantity: trade.quantity, pricePaise },
      change.now,
    );
    position = { ...filled, chargesPaise: filled.chargesPaise + chargesPaise };
    const tradeId = core.newId('TR');
    change.insertTrade({
      id: tradeId,
      seq: core.nextTradeSeq(),
      orderId: order.id,
      userId: order.userId,
      tradingSymbol: order.tradingSymbol,
      product: order.product,
      side: order.side,
      quantity: trade.quantity,
      pricePaise,
      chargesPaise,
      ts: change.now,
    });
    change.emit(order, { type: 'fill', tradeId, quantity: trade.quantity, price: trade.price });
  }
  const complete = order.filledQuantity >= order.quantity;
  if (complete) {
    unrest(core, order);
    order.status = 'complete';
  }
  account.positions.set(key, position);
  retainPosition(core, position);
  if (!complete) reblock(core, account, order);
  change.saveOrder(order);
  change.savePosition(position);
}

/** A partly filled order blocks what its rest needs against the position as it now is. */
function reblock(core: ExchangeCore, account: PaperAccount, order: PaperOrder): void {
  account.blockedPaise -= order.blockedPaise;
  const pricing = core.pricingOf(order.userId);
  const instrument = pricing.instrument(order.tradingSymbol);
  const price = referencePrice(order, pricing.ltp(order.tradingSymbol));
  const intent = { ...order, quantity: order.quantity - order.filledQuantity, price: price ?? 0 };
  order.blockedPaise =
    instrument && price !== undefined ? orderRequirementPaise(account, intent, instrument, pricing) : 0;
  account.blockedPaise += order.blockedPaise;
}

function rejectOrder(core: ExchangeCore, order: PaperOrder, reason: string, change: Change): void {
  unrest(core, order);
  order.status = 'rejected';
  order.rejectedReason = reason;
  order.updatedAt = change.now;
  change.saveOrder(order);
  change.emit(order, { type: 'rejected', reason });
}

export function cancelOrder(
  core: ExchangeCore,
  order: PaperOrder,
  reason: string | undefined,
  change: Change,
): void {
  unrest(core, order);
  order.status = 'cancelled';
  order.updatedAt = change.now;
  change.saveOrder(order);
  change.emit(order, reason === undefined ? { type: 'cancelled' } : { type: 'cancelled', reason });
}

/**
 * Why the account cannot carry what `fill` gives the order, or undefined when it can. Only the part that opens
 * or adds to a position counts, beyond what the order already blocks: a market order placed before its symbol
 * had a price blocked nothing, and an exit whose position another exit closed first would open a new one. The
 * fill is valued at its worst level (a margin check errs on the safe side).
 */
function unfundedReason(core: ExchangeCore, order: PaperOrder, fill: BookFill): string | undefined {
  const pricing = core.pricingOf(order.userId);
  const instrument = pricing.instrument(order.tradingSymbol);
  const worst = fill.trades.at(-1);
  if (!instrument || !worst) return undefined;
  const account = accountFor(core, order);
  const intent = { ...order, quantity: fill.filledQuantity, price: worst.price };
  const required = orderRequirementPaise(account, intent, instrument, pricing);
  if (required <= order.blockedPaise) return undefined;
  const available = accountFunds(account, pricing).availablePaise + order.blockedPaise;
  return required > available ? insufficientFundsMessage(required, available) : undefined;
}

/**
 * Takes what the book gives the order now (see matching.ts) and records it, or rejects the order when the funds
 * cannot carry what it would open. Nothing happens when the book has nothing within the order's reach.
 */
export function matchOrder(core: ExchangeCore, order: PaperOrder, market: MarketAt, change: Change): void {
  const fill = takeFromBook(order, market.book, market.ltp);
  if (fill.filledQuantity === 0) return;
  const unfunded = unfundedReason(core, order, fill);
  if (unfunded) {
    rejectOrder(core, order, unfunded, change);
    return;
  }
  market.book = consume(market.book, order.side, fill);
  executeFill(core, order, fill, change);
}

/** A stop order's trigger was reached (on the LTP): it becomes a market (stop-market) or limit (stop-limit) order. */
export function triggerOrder(core: ExchangeCore, order: PaperOrder, market: MarketAt, change: Change): void {
  order.status = 'open';
  order.updatedAt = change.now;
  change.emit(order, { type: 'triggered' });
  matchOrder(core, order, market, change);
  if (order.status !== 'open') return;
  // The rest waits as what it became: a limit at its price, a market order for the next book.
  core.book.add(order);
  change.saveOrder(order);
}

/** Broker trailing: set the reference on the first price, then follow favourable moves step by step. */
export function trailOrder(core: ExchangeCore, order: PaperOrder, ltp: number, change: Change): void {
  const trailing = order.trailing;
  if (!trailing || order.triggerPrice === undefined) return;
  if (trailing.referencePrice === undefined) {
    trailing.referencePrice = ltp;
    change.saveOrder(order);
    return;
  }
  const limit = order.orderType === 'stoploss' ? order.price : undefined;
  const move = trailMove(
    order.side,
    { ...trailing, referencePrice: trailing.referencePrice },
    order.triggerPrice,
    limit,
    ltp,
  );
  if (!move) return;
  trailing.referencePrice = move.referencePrice;
  order.updatedAt = change.now;
  if (move.triggerPrice !== order.triggerPrice) {
    order.triggerPrice = move.triggerPrice;
    if (move.price !== undefined) order.price = move.price;
    core.book.add(order);
    change.emit(order, {
      type: 'modified',
      triggerPrice: move.triggerPrice,
      ...(move.price === undefined ? {} : { price: move.price }),
    });
  }
  change.saveOrder(order);
}

/**
 * Evaluates an order that just arrived (placed or modified) against the current quote, as the exchange would on
 * receipt: reached triggers fire, market orders and marketable limit orders take what the book gives them.
 */
export function evaluateOnArrival(core: ExchangeCore, order: PaperOrder, change: Change): void {
  if (!isResting(order)) return;
  const quote = core.prices.quote(order.userId, order.tradingSymbol);
  if (quote === undefined) return;
  const market = marketOf(quote);
  if (order.status === 'trigger_pending') {
    if (order.triggerPrice !== undefined && isStopTriggered(order.side, order.triggerPrice, market.ltp)) {
      triggerOrder(core, order, market, change);
    } else if (order.trailing && order.trailing.referencePrice === undefined) {
      order.trailing.referencePrice = market.ltp;
    }
    return;
  }
  matchOrder(core, order, market, change);
}
