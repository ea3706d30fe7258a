import { roundMoney, toPaise } from '@xtrader/core';
import type { BrokerOrderEvent } from '../broker';
import type { KiteOrder } from './kite-schemas';

// Kite reports an order as its whole current state (postbacks, ticker `order` messages), often twice (postback and
// ticker) and with cumulative fills. The tracker remembers what it last saw of each order and turns each report
// into the normalised events that are new: accepted, triggered, modified, one fill per increase of the cumulative
// filled quantity (trade id `<order_id>:<filled so far>`, so a repeat is recognisably the same trade), cancelled
// or rejected. It decides nothing about our order's status; the engine's state machine does.

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

const FINAL = new Set(['COMPLETE', 'CANCELLED', 'REJECTED']);
/** Statuses after which the order rests at the exchange (UPDATE is a postback's "modified or partly filled"). */
const RESTING = new Set(['OPEN', 'TRIGGER PENDING', 'UPDATE', 'COMPLETE', 'CANCELLED']);

const positive = (value: number | undefined) => (value !== undefined && value > 0 ? value : undefined);

function seenOf(order: KiteOrder): Seen {
  const filled = order.filled_quantity ?? 0;
  return {
    accepted: RESTING.has(order.status),
    triggerPending: order.status === 'TRIGGER PENDING',
    final: FINAL.has(order.status),
    filled,
    filledValuePaise: Math.round(toPaise(order.average_price ?? 0) * filled),
    quantity: order.quantity,
    price: positive(order.price),
    triggerPrice: positive(order.trigger_price),
  };
}

function modification(before: Seen, order: KiteOrder): BrokerOrderEvent | undefined {
  const price = positive(order.price);
  const triggerPrice = positive(order.trigger_price);
  const changes: Extract<BrokerOrderEvent, { type: 'modified' }> = { type: 'modified' };
  if (price !== undefined && price !== before.price) changes.price = price;
  if (triggerPrice !== undefined && triggerPrice !== before.triggerPrice) changes.triggerPrice = triggerPrice;
  if (order.quantity !== before.quantity) changes.quantity = order.quantity;
  return Object.keys(changes).length > 1 ? changes : undefined;
}

/** The fill that takes our booked quantity and value up to Kite's cumulative figures. */
function fill(before: Seen, order: KiteOrder): BrokerOrderEvent | undefined {
  const filled = order.filled_quantity ?? 0;
  const delta = filled - before.filled;
  if (delta <= 0) return undefined;
  const valuePaise = Math.round(toPaise(order.average_price ?? 0) * filled);
  const price = roundMoney((valuePaise - before.filledValuePaise) / 100 / delta);
  const safePrice = price > 0 ? price : (order.average_price ?? 0);
  return { type: 'fill', tradeId: `${order.order_id}:${filled}`, quantity: delta, price: safePrice };
}

export class KiteOrderTracker {
  private readonly seen = new Map<string, Seen>();

  /** Records an order's state without emitting events (the order book at start, or after a reconnect). */
  remember(order: KiteOrder): void {
    this.seen.set(order.order_id, seenOf(order));
  }

  /** The events this report of an order adds to what was seen before. */
  events(order: KiteOrder): BrokerOrderEvent[] {
    const before =
      this.seen.get(order.order_id) ??
      seenOf({ ...order, status: 'PUT ORDER REQ RECEIVED', filled_quantity: 0 });
    if (before.final) return [];
    const events: BrokerOrderEvent[] = [];
    if (order.status === 'REJECTED') {
      events.push({ type: 'rejected', reason: order.status_message?.trim() || 'Rejected by Zerodha' });
    } else if (RESTING.has(order.status)) {
      if (!before.accepted) {
        events.push({
          type: 'accepted',
          status: order.status === 'TRIGGER PENDING' ? 'trigger_pending' : 'open',
        });
      } else if (before.triggerPending && order.status !== 'TRIGGER PENDING') {
        events.push({ type: 'triggered' });
      } else {
        const modified = modification(before, order);
        if (modified && !FINAL.has(order.status)) events.push(modified);
      }
      const filled = fill(before, order);
      if (filled) events.push(filled);
      if (order.status === 'CANCELLED') {
        events.push({ type: 'cancelled', ...(order.status_message ? { reason: order.status_message } : {}) });
      }
    }
    // In-flight statuses (validation, modify or cancel pending) carry nothing new; fills never go backwards.
    if (RESTING.has(order.status) || order.status === 'REJECTED') this.remember(order);
    return events;
  }
}
