import { orderCharges } from '@xtrader/core/charges/order-charges';
import { type JournalFill, spreadCharges } from '@xtrader/core/journal/round-trips';
import { istDateOf } from '@xtrader/core/market/dates';
import { toPaise } from '@xtrader/core/orders/price-rules';
import type { TransactionType } from '@xtrader/core/orders/types';
import type { InstrumentDirectory } from '../instruments/contract';

/** A stored fill with what its charges depend on (its order's exchange and contract). */
export interface StoredFill {
  orderId: string;
  tradingSymbol: string;
  exchange: string;
  transactionType: string;
  quantity: number;
  price: number;
  ts: number;
}

const sideOf = (value: string): TransactionType => (value === 'sell' ? 'sell' : 'buy');

/**
 * The fills with their charges: each order's charges (core's contract-note rule, at the rates of its last fill's
 * day, the flat brokerage per executed order as Practice Mode charges it) spread over its fills by quantity. Live
 * brokers bill their own contract notes; for them this is the same estimate.
 */
export function chargedFills(
  fills: readonly StoredFill[],
  instruments: Pick<InstrumentDirectory, 'bySymbol'>,
  brokeragePerOrder: number,
): JournalFill[] {
  const byOrder = new Map<string, StoredFill[]>();
  for (const fill of fills) {
    const list = byOrder.get(fill.orderId);
    if (list) list.push(fill);
    else byOrder.set(fill.orderId, [fill]);
  }
  const charged: JournalFill[] = [];
  for (const [orderId, orderFills] of byOrder) {
    const first = orderFills[0] as StoredFill;
    const instrument = instruments.bySymbol(first.tradingSymbol);
    const quantity = orderFills.reduce((sum, fill) => sum + fill.quantity, 0);
    const valuePaise = orderFills.reduce(
      (sum, fill) => sum + Math.round(fill.quantity * fill.price * 100),
      0,
    );
    const lastTs = Math.max(...orderFills.map((fill) => fill.ts));
    const total = orderCharges({
      contract: instrument?.instrument_type === 'FUT' ? 'future' : 'option',
      exchange: first.exchange === 'BFO' ? 'BFO' : 'NFO',
      underlying: instrument?.name ?? '',
      side: sideOf(first.transactionType),
      // The filled quantity at the average price to the paisa, as the paper exchange reckons an order's turnover.
      turnoverPaise: quantity * Math.round(valuePaise / quantity),
      date: istDateOf(lastTs),
      brokeragePerOrderPaise: toPaise(brokeragePerOrder),
    }).totalPaise;
    const shares = spreadCharges(
      total,
      orderFills.map((fill) => fill.quantity),
    );
    orderFills.forEach((fill, i) => {
      charged.push({
        orderId,
        tradingSymbol: fill.tradingSymbol,
        side: sideOf(fill.transactionType),
        quantity: fill.quantity,
        price: fill.price,
        ts: fill.ts,
        chargesPaise: shares[i] ?? 0,
      });
    });
  }
  return charged;
}
