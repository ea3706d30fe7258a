import { istEpochMs } from '@xtrader/core/market/dates';
import type { z } from 'zod';
import type { openApiOrderFields, openApiPositionFields } from './open-api-schemas';
import type { OrderReport } from './order-tracker';
import { reportOf } from './rows';
import type { ReportStatus } from './status-words';

// Reading the rows IIFL Capital and AliceBlue share (open-api-schemas.ts): an order as the tracker's report, their
// timestamps, a net position's buy and sell sides.

export type OpenApiOrder = z.infer<typeof openApiOrderFields>;
export type OpenApiPosition = z.infer<typeof openApiPositionFields>;

/** One order row as a report, its status word read by the broker's table. */
export const openApiReport = (order: OpenApiOrder, statusOf: (word: string) => ReportStatus): OrderReport =>
  reportOf({
    orderId: order.brokerOrderId,
    status: statusOf(order.orderStatus),
    quantity: order.quantity,
    filledQuantity: order.filledQuantity,
    averagePrice: order.averageTradedPrice,
    price: order.price,
    triggerPrice: order.slTriggerPrice,
    message: order.rejectionReason,
  });

/** Times (IST) as `YYYY-MM-DD HH:MM:SS`, `DD-MM-YYYY HH:MM:SS` or `DD/MM/YYYY HH:MM:SS`; undefined when unreadable. */
export function parseOpenApiTime(text: string | undefined): number | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]
      : undefined;
  if (!parts) return undefined;
  const [y, m, d, hh, mm, ss] = parts as string[];
  return istEpochMs(`${y}-${m}-${d}`, Number(hh), Number(mm), Number(ss));
}

/**
 * A net position's two sides: the row's buy and sell figures when present, else derived from the net quantity and
 * the side's average price (the broker's own buy/sell average, else the net average).
 */
export function openApiPositionSides(
  row: OpenApiPosition,
  averages: { buy: number | undefined; sell: number | undefined },
) {
  const buyQuantity = row.buyQuantity ?? Math.max(0, row.netQuantity);
  const sellQuantity = row.sellQuantity ?? Math.max(0, -row.netQuantity);
  const average = row.netAveragePrice ?? 0;
  return {
    average,
    buyQuantity,
    sellQuantity,
    buyValue: row.buyValue ?? buyQuantity * (averages.buy ?? average),
    sellValue: row.sellValue ?? sellQuantity * (averages.sell ?? average),
  };
}
