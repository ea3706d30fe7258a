import { roundMoney } from '@xtrader/core/orders/price-rules';
import type { BrokerMargin, BrokerOrderSnapshot } from '../broker';
import type { OrderReport } from './order-tracker';

/** An order row's fields as the broker names them, read leniently (absent counts are zero). */
export interface ReportFields {
  orderId: string;
  status: OrderReport['status'];
  quantity: number;
  filledQuantity: number | undefined;
  averagePrice: number | undefined;
  price: number | undefined;
  triggerPrice: number | undefined;
  message: string | null | undefined;
}

/** One order row as a broker-neutral report for the tracker. */
export function reportOf(fields: ReportFields): OrderReport {
  const message = fields.message?.trim();
  return {
    orderId: fields.orderId,
    status: fields.status,
    quantity: fields.quantity,
    filledQuantity: fields.filledQuantity ?? 0,
    averagePrice: fields.averagePrice ?? 0,
    ...(fields.price !== undefined ? { price: fields.price } : {}),
    ...(fields.triggerPrice !== undefined ? { triggerPrice: fields.triggerPrice } : {}),
    ...(message ? { message } : {}),
  };
}

/** What a broker's order row says beyond its report. */
export type SnapshotDetails = Pick<
  BrokerOrderSnapshot,
  'clientOrderId' | 'tradingSymbol' | 'side' | 'orderType' | 'product' | 'updatedTs'
>;

const positive = (value: number | undefined) => (value !== undefined && value > 0 ? value : undefined);

/**
 * One order-book row as our snapshot, from the adapter's report of it: working orders (open, or still in flight
 * at the broker) are open or partially filled; a zero price or trigger means none.
 */
export function snapshotOf(report: OrderReport, details: SnapshotDetails): BrokerOrderSnapshot {
  const { clientOrderId, ...rest } = details;
  const status: BrokerOrderSnapshot['status'] =
    report.status === 'in_flight' || report.status === 'open'
      ? report.filledQuantity > 0
        ? 'partially_filled'
        : 'open'
      : report.status;
  const price = positive(report.price);
  const triggerPrice = positive(report.triggerPrice);
  return {
    brokerOrderId: report.orderId,
    ...(clientOrderId ? { clientOrderId } : {}),
    ...rest,
    quantity: report.quantity,
    filledQuantity: report.filledQuantity,
    averagePrice: report.averagePrice,
    status,
    ...(price !== undefined ? { price } : {}),
    ...(triggerPrice !== undefined ? { triggerPrice } : {}),
    ...(status === 'rejected' && report.message ? { rejectedReason: report.message } : {}),
  };
}

/** Funds as the engine reads them: the total is what is available plus what is in use. */
export function marginOf(available: number, utilized: number): BrokerMargin {
  const free = roundMoney(available);
  const used = roundMoney(utilized);
  return { total: roundMoney(free + used), available: free, utilized: used };
}
