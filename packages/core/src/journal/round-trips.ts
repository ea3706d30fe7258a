import type { TransactionType } from '../orders/types';

/**
 * Pairing a day's fills into round trips. A round trip of one contract starts when its position leaves zero and
 * ends when it is back at zero; a fill that crosses zero (a flip) closes one trip and opens the next with the rest.
 * Money is whole paise; a fill's value is price x quantity rounded to the paisa.
 */
export interface JournalFill {
  orderId: string;
  tradingSymbol: string;
  side: TransactionType;
  quantity: number;
  price: number;
  /** Epoch ms the fill was booked. */
  ts: number;
  /** What the fill cost (its share of its order's charges), paise. */
  chargesPaise: number;
}

export interface RoundTrip {
  /** Stable id for notes: the id of the order that opened the trip (suffixed when one order opened two). */
  tradeId: string;
  tradingSymbol: string;
  direction: 'long' | 'short';
  /** Quantity opened (units). */
  quantity: number;
  /** Quantity still open at the end of the fills (0 for a closed trip). */
  openQuantity: number;
  entryPrice: number;
  /** Average price of the closing fills; null while nothing closed. */
  exitPrice: number | null;
  openedAt: number;
  /** Epoch ms of the fill that brought the position back to zero; null while open. */
  closedAt: number | null;
  /** Realised P&L on the closed quantity, before charges. */
  grossPaise: number;
  chargesPaise: number;
  netPaise: number;
  orderIds: string[];
}

interface Leg {
  quantity: number;
  valuePaise: number;
}

interface OpenTrip {
  trip: RoundTrip;
  opened: Leg;
  closed: Leg;
}

const fillValuePaise = (quantity: number, price: number): number => Math.round(quantity * price * 100);
const average = (leg: Leg): number => Math.round(leg.valuePaise / leg.quantity) / 100;

function startTrip(fill: JournalFill, quantity: number, chargesPaise: number, ids: Set<string>): OpenTrip {
  let tradeId = fill.orderId;
  for (let n = 2; ids.has(tradeId); n += 1) tradeId = `${fill.orderId}-${n}`;
  ids.add(tradeId);
  const opened = { quantity, valuePaise: fillValuePaise(quantity, fill.price) };
  return {
    opened,
    closed: { quantity: 0, valuePaise: 0 },
    trip: {
      tradeId,
      tradingSymbol: fill.tradingSymbol,
      direction: fill.side === 'buy' ? 'long' : 'short',
      quantity,
      openQuantity: quantity,
      entryPrice: fill.price,
      exitPrice: null,
      openedAt: fill.ts,
      closedAt: null,
      grossPaise: 0,
      chargesPaise,
      netPaise: 0,
      orderIds: [fill.orderId],
    },
  };
}

function addOrder(trip: RoundTrip, orderId: string): void {
  if (!trip.orderIds.includes(orderId)) trip.orderIds.push(orderId);
}

/** The trip's figures from its legs: averages, realised P&L on the closed quantity at the average entry. */
function settle({ trip, opened, closed }: OpenTrip): RoundTrip {
  trip.quantity = opened.quantity;
  trip.openQuantity = opened.quantity - closed.quantity;
  trip.entryPrice = average(opened);
  trip.exitPrice = closed.quantity > 0 ? average(closed) : null;
  // A whole trip is exact (all value out less all value in); a part-closed one prices the rest at the average entry.
  const entryOfClosed =
    closed.quantity === opened.quantity
      ? opened.valuePaise
      : Math.round((opened.valuePaise * closed.quantity) / opened.quantity);
  const sign = trip.direction === 'long' ? 1 : -1;
  trip.grossPaise = closed.quantity > 0 ? sign * (closed.valuePaise - entryOfClosed) : 0;
  trip.netPaise = trip.grossPaise - trip.chargesPaise;
  return trip;
}

/** Splits a fill's charges between the quantity that closes a trip and the rest that opens the next. */
const shareOf = (chargesPaise: number, part: number, whole: number): number =>
  Math.round((chargesPaise * part) / whole);

/** Round trips of the fills (any order; paired per contract in time order), sorted by the time they opened. */
export function pairRoundTrips(fills: readonly JournalFill[]): RoundTrip[] {
  const sorted = [...fills].sort((a, b) => a.ts - b.ts);
  const open = new Map<string, OpenTrip>();
  const done: OpenTrip[] = [];
  const ids = new Set<string>();
  for (const fill of sorted) {
    if (!(fill.quantity > 0)) continue;
    const current = open.get(fill.tradingSymbol);
    const opens = !current || (current.trip.direction === 'long') === (fill.side === 'buy');
    if (!current) {
      open.set(fill.tradingSymbol, startTrip(fill, fill.quantity, fill.chargesPaise, ids));
      continue;
    }
    addOrder(current.trip, fill.orderId);
    if (opens) {
      current.opened.quantity += fill.quantity;
      current.opened.valuePaise += fillValuePaise(fill.quantity, fill.price);
      current.trip.chargesPaise += fill.chargesPaise;
      continue;
    }
    const stillOpen = current.opened.quantity - current.closed.quantity;
    const closing = Math.min(fill.quantity, stillOpen);
    const closingCharges =
      closing === fill.quantity ? fill.chargesPaise : shareOf(fill.chargesPaise, closing, fill.quantity);
    current.closed.quantity += closing;
    current.closed.valuePaise += fillValuePaise(closing, fill.price);
    current.trip.chargesPaise += closingCharges;
    if (closing < stillOpen) continue;
    current.trip.closedAt = fill.ts;
    done.push(current);
    open.delete(fill.tradingSymbol);
    const rest = fill.quantity - closing;
    if (rest > 0)
      open.set(fill.tradingSymbol, startTrip(fill, rest, fill.chargesPaise - closingCharges, ids));
  }
  return [...done, ...open.values()].map(settle).sort((a, b) => a.openedAt - b.openedAt);
}

/**
 * Spreads an order's charges over its fills by quantity, in whole paise that add up to the total (the last fill
 * takes the rounding).
 */
export function spreadCharges(totalPaise: number, quantities: readonly number[]): number[] {
  const whole = quantities.reduce((sum, q) => sum + q, 0);
  if (whole <= 0) return quantities.map(() => 0);
  let given = 0;
  return quantities.map((quantity, i) => {
    if (i === quantities.length - 1) return totalPaise - given;
    const share = Math.round((totalPaise * quantity) / whole);
    given += share;
    return share;
  });
}
