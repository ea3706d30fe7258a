import { istDateOf, istMinutesOfDay } from '@xtrader/core/market/dates';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { BrokerAck, ModifyOrderCommand, PlaceOrderCommand, ProductType, Side } from '../broker';
import { accountOf, Change, commit, type ExchangeCore } from './exchange-core';
import {
  accountFunds,
  insufficientFundsMessage,
  orderRequirementPaise,
  type PaperAccount,
  referencePrice,
} from './funds';
import { cancelOrder, evaluateOnArrival, restOrder } from './order-actions';
import { isResting, isStopOrder, type PaperOrder } from './paper-order';
import { checkTerms, type OrderTerms, PAPER_MESSAGES, resolveInstrument } from './validation';

// Place, modify and cancel on the paper exchange. Input errors are refused in the acknowledgement (like Kite's
// InputException); an order the funds cannot carry is accepted and then rejected (like Kite's RMS rejection).

const refuse = (reason: string, code: 'rejected' | 'not_found' = 'rejected'): BrokerAck => ({
  ok: false,
  reason,
  code,
});

const hhmm = ({ hour, minute }: { hour: number; minute: number }) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

export const intradayClosedMessage = (time: { hour: number; minute: number }) =>
  `Intraday (MIS) orders are not accepted after the ${hhmm(time)} square-off. Use NRML (normal) instead.`;

/**
 * After the square-off time (when the market keeps exchange hours) MIS orders may only reduce an open MIS
 * position, as on a broker's platform.
 */
function intradayCutoffReason(
  core: ExchangeCore,
  account: PaperAccount | undefined,
  order: { tradingSymbol: string; product: ProductType; side: Side; quantity: number },
  now: number,
): string | undefined {
  const { followsMarketHours } = core.settings;
  if (order.product !== 'intraday' || !followsMarketHours) return undefined;
  const squareOffTime = core.settings.squareOffTime(istDateOf(now));
  if (istMinutesOfDay(now) < squareOffTime.hour * 60 + squareOffTime.minute) return undefined;
  const net = account?.positions.get(positionKey(order))?.netQuantity ?? 0;
  const reduces = order.side === 'sell' ? net >= order.quantity : -net >= order.quantity;
  return reduces ? undefined : intradayClosedMessage(squareOffTime);
}

export function newOrder(
  core: ExchangeCore,
  userId: string,
  cmd: PlaceOrderCommand,
  now: number,
): PaperOrder {
  const stop = isStopOrder(cmd.orderType);
  return {
    id: core.newId('PT'),
    userId,
    clientOrderId: cmd.clientOrderId,
    tradingSymbol: cmd.tradingSymbol,
    internalToken: cmd.internalToken,
    exchange: cmd.exchange,
    side: cmd.side,
    product: cmd.product,
    orderType: cmd.orderType,
    quantity: cmd.quantity,
    filledQuantity: 0,
    averagePrice: 0,
    price: cmd.orderType === 'limit' || cmd.orderType === 'stoploss' ? cmd.price : undefined,
    triggerPrice: stop ? cmd.triggerPrice : undefined,
    status: stop ? 'trigger_pending' : 'open',
    rejectedReason: undefined,
    blockedPaise: 0,
    chargesPaise: 0,
    marketProtection: cmd.marketProtection,
    trailing: cmd.trailing ? { ...cmd.trailing, referencePrice: undefined } : undefined,
    createdAt: now,
    updatedAt: now,
  };
}

/** Margin the order needs now; 0 for a market order whose symbol has no price yet (checked at the fill). */
function requirementOf(core: ExchangeCore, account: PaperAccount, order: PaperOrder): number {
  const pricing = core.pricingOf(order.userId);
  const instrument = pricing.instrument(order.tradingSymbol);
  const price = referencePrice(order, pricing.ltp(order.tradingSymbol));
  if (!instrument || price === undefined) return 0;
  const intent = { ...order, quantity: order.quantity - order.filledQuantity, price };
  return orderRequirementPaise(account, intent, instrument, pricing);
}

export async function placeOrder(
  core: ExchangeCore,
  userId: string,
  cmd: PlaceOrderCommand,
): Promise<BrokerAck> {
  const now = core.clock.now();
  const resolved = resolveInstrument(cmd, core.instruments, now);
  if (!resolved.ok) return refuse(resolved.reason);
  const { instrument } = resolved;
  const terms: OrderTerms = { ...cmd };
  const invalid =
    checkTerms(terms, instrument, core.indexTable) ??
    intradayCutoffReason(core, core.accounts.get(userId), cmd, now);
  if (invalid) return refuse(invalid);

  const change = new Change(now);
  const account = accountOf(core, userId, change);
  // The exchange keeps the master's spelling of the symbol, whatever the command carried.
  const order = newOrder(core, userId, { ...cmd, tradingSymbol: instrument.tradingsymbol }, now);
  const required = requirementOf(core, account, order);
  const available = accountFunds(account, core.pricingOf(userId)).availablePaise;
  if (required > available) {
    order.status = 'rejected';
    order.rejectedReason = insufficientFundsMessage(required, available);
    change.saveOrder(order);
    change.emit(order, { type: 'rejected', reason: order.rejectedReason });
  } else {
    order.blockedPaise = required;
    account.blockedPaise += required;
    restOrder(core, order);
    change.emit(order, { type: 'accepted', status: order.status === 'open' ? 'open' : 'trigger_pending' });
    evaluateOnArrival(core, order, change);
    if (isResting(order)) change.saveOrder(order);
  }
  await commit(core, change);
  return { ok: true, brokerOrderId: order.id };
}

const FINAL_WORDS = { complete: 'completed', cancelled: 'cancelled', rejected: 'rejected' } as const;

/** The answer for an order that is not resting: final (refused) or unknown to this user (not found). */
async function notWorking(core: ExchangeCore, userId: string, orderId: string, verb: string) {
  await core.writes.idle();
  const stored = await core.store.findOrder(userId, orderId);
  if (!stored || isResting(stored)) return refuse('Order not found.', 'not_found');
  const word = FINAL_WORDS[stored.status as keyof typeof FINAL_WORDS];
  return refuse(`Order cannot be ${verb} as it is already ${word}.`);
}

/** The order's terms after a modification: what the command changes, the rest as it was. */
function modifiedTerms(order: PaperOrder, cmd: ModifyOrderCommand): OrderTerms {
  const orderType = cmd.orderType ?? order.orderType;
  const hasPrice = orderType === 'limit' || orderType === 'stoploss';
  return {
    side: order.side,
    orderType,
    quantity: cmd.quantity ?? order.quantity,
    price: hasPrice ? (cmd.price ?? order.price) : undefined,
    triggerPrice: isStopOrder(orderType) ? (cmd.triggerPrice ?? order.triggerPrice) : undefined,
    trailing: cmd.trailing === undefined ? order.trailing : cmd.trailing,
  };
}

function applyTerms(order: PaperOrder, terms: OrderTerms, cmd: ModifyOrderCommand, ltp: number | undefined) {
  const wasStop = isStopOrder(order.orderType);
  const isStop = isStopOrder(terms.orderType);
  if (isStop && !wasStop) order.status = 'trigger_pending';
  if (!isStop && order.status === 'trigger_pending') order.status = 'open';
  order.orderType = terms.orderType;
  order.quantity = terms.quantity;
  order.price = terms.price;
  order.triggerPrice = terms.triggerPrice;
  if (cmd.trailing === null || !isStop) order.trailing = undefined;
  else if (cmd.trailing) order.trailing = { ...cmd.trailing, referencePrice: ltp };
}

export async function modifyOrder(
  core: ExchangeCore,
  userId: string,
  orderId: string,
  cmd: ModifyOrderCommand,
): Promise<BrokerAck> {
  const account = core.accounts.get(userId);
  const order = account?.resting.get(orderId);
  if (!account || !order) return notWorking(core, userId, orderId, 'modified');
  const pricing = core.pricingOf(userId);
  const instrument = pricing.instrument(order.tradingSymbol);
  if (!instrument) return refuse(PAPER_MESSAGES.unknownInstrument(order.tradingSymbol));
  const terms = modifiedTerms(order, cmd);
  const invalid = checkTerms(terms, instrument, core.indexTable);
  if (invalid) return refuse(invalid);
  // A partly filled order can only keep an unfilled rest.
  if (terms.quantity <= order.filledQuantity) {
    return refuse(PAPER_MESSAGES.quantityNotAboveFilled(terms.quantity, order.filledQuantity));
  }
  const candidate: PaperOrder = { ...order, ...terms, trailing: order.trailing };
  const required = requirementOf(core, account, candidate);
  const available = accountFunds(account, pricing).availablePaise + order.blockedPaise;
  if (required > available) return refuse(insufficientFundsMessage(required, available));

  const change = new Change(core.clock.now());
  account.blockedPaise += required - order.blockedPaise;
  order.blockedPaise = required;
  applyTerms(order, terms, cmd, pricing.ltp(order.tradingSymbol));
  order.updatedAt = change.now;
  core.book.add(order);
  change.emit(order, {
    type: 'modified',
    quantity: order.quantity,
    ...(order.price === undefined ? {} : { price: order.price }),
    ...(order.triggerPrice === undefined ? {} : { triggerPrice: order.triggerPrice }),
  });
  evaluateOnArrival(core, order, change);
  if (isResting(order)) change.saveOrder(order);
  await commit(core, change);
  return { ok: true, brokerOrderId: order.id };
}

export async function cancelRestingOrder(
  core: ExchangeCore,
  userId: string,
  orderId: string,
): Promise<BrokerAck> {
  const order = core.accounts.get(userId)?.resting.get(orderId);
  if (!order) return notWorking(core, userId, orderId, 'cancelled');
  const change = new Change(core.clock.now());
  cancelOrder(core, order, undefined, change);
  await commit(core, change);
  return { ok: true, brokerOrderId: order.id };
}
