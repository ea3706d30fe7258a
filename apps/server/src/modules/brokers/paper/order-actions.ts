import { toPaise } from '@xtrader/core/orders/price-rules';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { type Change, type ExchangeCore, orderOwner, retainPosition } from './exchange-core';
import { accountFunds, insufficientFundsMessage, orderRequirementPaise, type PaperAccount } from './funds';
import { isLimitCrossed, isStopTriggered, limitFillPrice, trailMove } from './matching';
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
  core.marketData.retain(orderOwner(order), [order.tradingSymbol]);
}

/** Takes an order off the book and releases its margin. */
function unrest(core: ExchangeCore, order: PaperOrder): void {
  const account = accountFor(core, order);
  if (account.resting.delete(order.id)) {
    core.book.remove(order);
    core.marketData.release(orderOwner(order));
  }
  account.blockedPaise -= order.blockedPaise;
  order.blockedPaise = 0;
}

/** Records the fill of the order's unfilled quantity at `price` into its position. */
function executeFill(core: ExchangeCore, order: PaperOrder, price: number, change: Change): void {
  const account = accountFor(core, order);
  unrest(core, order);
  const quantity = order.quantity - order.filledQuantity;
  order.filledQuantity = order.quantity;
  order.averagePrice = price;
  order.status = 'complete';
  order.updatedAt = change.now;
  const key = positionKey(order);
  const before = account.positions.get(key) ?? emptyPosition(order, change.now);
  const after = applyFill(before, { side: order.side, quantity, pricePaise: toPaise(price) }, change.now);
  account.positions.set(key, after);
  retainPosition(core, after);
  const tradeId = core.newId('TR');
  change.saveOrder(order);
  change.insertTrade({
    id: tradeId,
    seq: core.nextTradeSeq(),
    orderId: order.id,
    userId: order.userId,
    tradingSymbol: order.tradingSymbol,
    product: order.product,
    side: order.side,
    quantity,
    pricePaise: toPaise(price),
    ts: change.now,
  });
  change.savePosition(after);
  change.emit(order, { type: 'fill', tradeId, quantity, price });
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
 * Why the account cannot carry the order filling at `price` now, or undefined when it can. Only the part that
 * opens or adds to a position counts, beyond what the order already blocks: a market order placed before its
 * symbol had a price blocked nothing, and an exit whose position another exit closed first would open a new one.
 */
function unfundedReason(core: ExchangeCore, order: PaperOrder, price: number): string | undefined {
  const instrument = core.pricing.instrument(order.tradingSymbol);
  if (!instrument) return undefined;
  const account = accountFor(core, order);
  const intent = { ...order, quantity: order.quantity - order.filledQuantity, price };
  const required = orderRequirementPaise(account, intent, instrument, core.pricing);
  if (required <= order.blockedPaise) return undefined;
  const available = accountFunds(account, core.pricing).availablePaise + order.blockedPaise;
  return required > available ? insufficientFundsMessage(required, available) : undefined;
}

/** Fills the order at `price`, or rejects it when the funds cannot carry what it would open (see above). */
export function fillOrder(core: ExchangeCore, order: PaperOrder, price: number, change: Change): void {
  const unfunded = unfundedReason(core, order, price);
  if (unfunded) rejectOrder(core, order, unfunded, change);
  else executeFill(core, order, price, change);
}

/** A market order fills at the LTP, its funds checked then. */
export const fillMarketOrder = fillOrder;

/** A stop order's trigger was reached: stop-market fills at the LTP, stop-limit arrives as a limit order. */
export function triggerOrder(core: ExchangeCore, order: PaperOrder, ltp: number, change: Change): void {
  order.status = 'open';
  order.updatedAt = change.now;
  change.emit(order, { type: 'triggered' });
  if (order.orderType === 'stoploss_market' || order.price === undefined) {
    fillOrder(core, order, ltp, change);
    return;
  }
  if (isLimitCrossed(order.side, order.price, ltp)) {
    fillOrder(core, order, limitFillPrice(order.side, order.price, ltp, true), change);
    return;
  }
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
 * Evaluates an order that just arrived (placed or modified) against the current LTP, as the exchange would on
 * receipt: marketable limit orders fill at the LTP, reached triggers fire, market orders fill.
 */
export function evaluateOnArrival(core: ExchangeCore, order: PaperOrder, change: Change): void {
  if (!isResting(order)) return;
  const ltp = core.pricing.ltp(order.tradingSymbol);
  if (ltp === undefined) return;
  if (order.status === 'trigger_pending') {
    if (order.triggerPrice !== undefined && isStopTriggered(order.side, order.triggerPrice, ltp)) {
      triggerOrder(core, order, ltp, change);
    } else if (order.trailing && order.trailing.referencePrice === undefined) {
      order.trailing.referencePrice = ltp;
    }
    return;
  }
  if (order.orderType === 'market') fillMarketOrder(core, order, ltp, change);
  else if (order.price !== undefined && isLimitCrossed(order.side, order.price, ltp)) {
    fillOrder(core, order, limitFillPrice(order.side, order.price, ltp, true), change);
  }
}
