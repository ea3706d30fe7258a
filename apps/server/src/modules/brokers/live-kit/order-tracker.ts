import { cumulativeValuePaise, fillIncrement } from '@xtrader/core/orders/fills';
import type { BrokerOrderEvent } from '../broker';

// Live brokers report an order as its whole current state (Kite postbacks and ticker messages, IIFL's order book),
// often more than once and with cumulative fills. The tracker remembers what it last saw of each order and turns
// each report into the normalised events that are new: accepted, triggered, modified, one fill per increase of the
// cumulative filled quantity (trade id `<order id>:<filled so far>`, so a repeat is recognisably the same trade),
// cancelled or rejected. It decides nothing about our order's status; the engine's state machine does.

/** One broker report of an order, in the broker-neutral vocabulary adapters map to. */
export interface OrderReport {
  orderId: string;
  /** in_flight: the broker is still validating or applying a request (nothing new to report). */
  status: 'in_flight' | 'open' | 'trigger_pending' | 'complete' | 'cancelled' | 'rejected';
  quantity: number;
  filledQuantity: number;
  averagePrice: number;
  price?: number;
  triggerPrice?: number;
  /** The broker's reason (rejections, cancellations). */
  message?: string;
}

interface Seen {
  accepted: boolean;
  triggerPending: boolean;
  final: boolean;
  filled: number;
  filledValuePaise: number;
  quantity: number;
  price: number | undefined;
  triggerPrice: number | undefined;
}

const isFinal = (status: OrderReport['status']) =>
  status === 'complete' || status === 'cancelled' || status === 'rejected';
const positive = (value: number | undefined) => (value !== undefined && value > 0 ? value : undefined);

function seenOf(report: OrderReport): Seen {
  return {
    accepted: report.status !== 'in_flight' && report.status !== 'rejected',
    triggerPending: report.status === 'trigger_pending',
    final: isFinal(report.status),
    filled: report.filledQuantity,
    filledValuePaise: cumulativeValuePaise(report.averagePrice, report.filledQuantity),
    quantity: report.quantity,
    price: positive(report.price),
    triggerPrice: positive(report.triggerPrice),
  };
}

const NOTHING_SEEN: Seen = {
  accepted: false,
  triggerPending: false,
  final: false,
  filled: 0,
  filledValuePaise: 0,
  quantity: 0,
  price: undefined,
  triggerPrice: undefined,
};

function modification(before: Seen, report: OrderReport): BrokerOrderEvent | undefined {
  const price = positive(report.price);
  const triggerPrice = positive(report.triggerPrice);
  const changes: Extract<BrokerOrderEvent, { type: 'modified' }> = { type: 'modified' };
  if (price !== undefined && price !== before.price) changes.price = price;
  if (triggerPrice !== undefined && triggerPrice !== before.triggerPrice) changes.triggerPrice = triggerPrice;
  if (report.quantity !== before.quantity) changes.quantity = report.quantity;
  return Object.keys(changes).length > 1 ? changes : undefined;
}

/** The fill that takes our booked quantity and value up to the broker's cumulative figures. */
function fill(before: Seen, report: OrderReport): BrokerOrderEvent | undefined {
  const increment = fillIncrement(
    { filledQuantity: before.filled, filledValuePaise: before.filledValuePaise },
    report,
  );
  if (!increment) return undefined;
  return { type: 'fill', tradeId: `${report.orderId}:${report.filledQuantity}`, ...increment };
}

/** Cancelled with nothing filled since the last report. */
const cancelledUnfilled = (before: Seen, report: OrderReport) =>
  report.status === 'cancelled' && report.filledQuantity <= before.filled;

export class OrderReportTracker {
  private readonly seen = new Map<string, Seen>();

  /** @param brokerName for the default rejection reason, e.g. 'Zerodha'. */
  constructor(private readonly brokerName: string) {}

  /** Records an order's state without emitting events (the order book at start). */
  remember(report: OrderReport): void {
    this.seen.set(report.orderId, seenOf(report));
  }

  /** The events this report adds to what was seen before. */
  events(report: OrderReport): BrokerOrderEvent[] {
    const existing = this.seen.get(report.orderId);
    const before = existing ?? {
      ...NOTHING_SEEN,
      quantity: report.quantity,
      price: positive(report.price),
      triggerPrice: positive(report.triggerPrice),
    };
    if (before.final || report.status === 'in_flight') return [];
    const events: BrokerOrderEvent[] = [];
    if (report.status === 'rejected') {
      events.push({ type: 'rejected', reason: report.message?.trim() || `Rejected by ${this.brokerName}` });
    } else {
      if (!before.accepted) {
        events.push({
          type: 'accepted',
          status: report.status === 'trigger_pending' ? 'trigger_pending' : 'open',
        });
      } else if (
        before.triggerPending &&
        report.status !== 'trigger_pending' &&
        !cancelledUnfilled(before, report)
      ) {
        // A stop cancelled while it waited (by the trader, or the broker at the end of the day) never triggered.
        events.push({ type: 'triggered' });
      } else if (!isFinal(report.status)) {
        const modified = modification(before, report);
        if (modified) events.push(modified);
      }
      const filled = fill(before, report);
      if (filled) events.push(filled);
      if (report.status === 'cancelled') {
        events.push({ type: 'cancelled', ...(report.message ? { reason: report.message } : {}) });
      }
    }
    this.remember(report);
    return events;
  }
}
