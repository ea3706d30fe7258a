import { type ChargeBreakdown, orderCharges } from '@xtrader/core/charges/order-charges';
import { DEFAULT_BROKERAGE_PER_ORDER } from '@xtrader/core/charges/rates';
import { istDateOf } from '@xtrader/core/market/dates';
import { toPaise } from '@xtrader/core/orders/price-rules';
import type { ExchangeCore } from './exchange-core';
import type { PaperOrder } from './paper-order';

/**
 * What an order's fills have cost so far, at the rates in force on the day of its last fill: brokerage per
 * executed order, STT on sells, exchange and SEBI fees, stamp duty on buys, GST (core charges/order-charges.ts).
 * The turnover is the filled quantity at the average fill price, so a partly filled order's next fill costs the
 * difference and the order's total never depends on how it was split.
 */
export function orderChargesOf(core: ExchangeCore, order: PaperOrder, ts: number): ChargeBreakdown {
  const instrument = core.pricingOf(order.userId).instrument(order.tradingSymbol);
  return orderCharges({
    contract: instrument?.instrument_type === 'FUT' ? 'future' : 'option',
    exchange: order.exchange,
    underlying: instrument?.name ?? '',
    side: order.side,
    turnoverPaise: order.filledQuantity * toPaise(order.averagePrice),
    date: istDateOf(ts),
    brokeragePerOrderPaise: toPaise(core.settings.brokeragePerOrder ?? DEFAULT_BROKERAGE_PER_ORDER),
  });
}

/** Charges a fill adds: the order's charges after it less what the order was charged before (never negative). */
export function chargeFill(core: ExchangeCore, order: PaperOrder, ts: number): number {
  const total = orderChargesOf(core, order, ts).totalPaise;
  const added = Math.max(0, total - order.chargesPaise);
  order.chargesPaise += added;
  return added;
}
