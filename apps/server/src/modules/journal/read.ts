import type { JournalDay, JournalExecution, JournalTrade } from '@xtrader/core/api/journal';
import { dayTotals, equityCurve } from '@xtrader/core/journal/equity-curve';
import { averageFillPrice, latencies, slippage } from '@xtrader/core/journal/execution';
import { pairRoundTrips, type RoundTrip } from '@xtrader/core/journal/round-trips';
import { type IsoDate, istEpochMs } from '@xtrader/core/market/dates';
import { fromPaise } from '@xtrader/core/orders/price-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/database';
import type { InstrumentDirectory } from '../instruments/contract';
import { chargedFills } from './charges';
import type { JournalEntriesTable } from './tables';

const DAY_MS = 86_400_000;

export interface JournalReadDeps {
  db: Kysely<Database>;
  instruments: Pick<InstrumentDirectory, 'bySymbol'>;
  /** Rs per executed order (Practice Mode's brokerage setting). */
  brokeragePerOrder: number;
}

/** Every fill of the user in [from, to): the day's trades, whatever placed them. */
function fillsBetween(db: Kysely<Database>, userId: string, from: number, to: number) {
  return db
    .selectFrom('orderFills')
    .innerJoin('orders', 'orders.id', 'orderFills.orderId')
    .select([
      'orderFills.orderId',
      'orderFills.tradingSymbol',
      'orderFills.transactionType',
      'orderFills.quantity',
      'orderFills.price',
      'orderFills.ts',
      'orders.exchange',
    ])
    .where('orderFills.userId', '=', userId)
    .where('orderFills.ts', '>=', from)
    .where('orderFills.ts', '<', to)
    .execute();
}

const parseTags = (text: string): string[] => {
  try {
    const tags: unknown = JSON.parse(text);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
};

async function notesOf(db: Kysely<Database>, userId: string, tradeIds: readonly string[]) {
  if (tradeIds.length === 0) return new Map<string, { note: string; tags: string[] }>();
  const rows = await db
    .selectFrom('journalNotes')
    .select(['tradeId', 'note', 'tags'])
    .where('userId', '=', userId)
    .where('tradeId', 'in', tradeIds)
    .execute();
  return new Map(rows.map((row) => [row.tradeId, { note: row.note, tags: parseTags(row.tags) }]));
}

function tradeView(trip: RoundTrip, notes: { note: string; tags: string[] } | undefined): JournalTrade {
  const { grossPaise, chargesPaise, netPaise, ...rest } = trip;
  return {
    ...rest,
    gross: fromPaise(grossPaise),
    charges: fromPaise(chargesPaise),
    net: fromPaise(netPaise),
    note: notes?.note ?? '',
    tags: notes?.tags ?? [],
  };
}

/**
 * The executions of journal entries: each entry's order (a sliced order's fills are its slices'), its fills, latencies
 * and slippage. An entry whose order is gone (a Practice Mode funds reset deletes paper orders) is left out.
 */
export async function executionsOf(
  db: Kysely<Database>,
  userId: string,
  entries: readonly JournalEntriesTable[],
): Promise<JournalExecution[]> {
  if (entries.length === 0) return [];
  const ids = entries.map((entry) => entry.orderId);
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'groupId', 'tradingSymbol', 'transactionType', 'quantity'])
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('id', 'in', ids), eb('groupId', 'in', ids)]))
    .execute();
  const rootOf = new Map(orders.map((order) => [order.id, order.groupId ?? order.id]));
  const fills = await db
    .selectFrom('orderFills')
    .select(['orderId', 'quantity', 'price', 'ts'])
    .where('userId', '=', userId)
    .where('orderId', 'in', [...rootOf.keys()])
    .orderBy('ts')
    .execute();
  const fillsOf = new Map<string, { quantity: number; price: number; ts: number }[]>();
  for (const fill of fills) {
    const root = rootOf.get(fill.orderId) ?? fill.orderId;
    fillsOf.set(root, [...(fillsOf.get(root) ?? []), { ...fill, ts: Number(fill.ts) }]);
  }
  const rootOrders = new Map(
    orders.filter((order) => ids.includes(order.id)).map((order) => [order.id, order]),
  );
  const executions: JournalExecution[] = [];
  for (const entry of entries) {
    const order = rootOrders.get(entry.orderId);
    if (!order) continue;
    const own = fillsOf.get(entry.orderId) ?? [];
    const side = order.transactionType === 'sell' ? 'sell' : 'buy';
    const fillPrice = averageFillPrice(own);
    const times = {
      pressedAt: entry.pressedAt === null ? null : Number(entry.pressedAt),
      requestedAt: entry.requestedAt === null ? null : Number(entry.requestedAt),
      receivedAt: Number(entry.receivedAt),
      ackAt: entry.ackAt === null ? null : Number(entry.ackAt),
      // The server's own time of the first fill when it saw it, else when the fill was booked.
      firstFillAt: entry.firstFillAt === null ? (own[0]?.ts ?? null) : Number(entry.firstFillAt),
    };
    executions.push({
      orderId: entry.orderId,
      tradingSymbol: order.tradingSymbol,
      side,
      quantity: order.quantity,
      filledQuantity: own.reduce((sum, fill) => sum + fill.quantity, 0),
      shownPrice: entry.shownPrice,
      fillPrice,
      pressedAt: times.pressedAt,
      receivedAt: times.receivedAt,
      ackAt: times.ackAt,
      firstFillAt: times.firstFillAt,
      lastFillAt: own.at(-1)?.ts ?? null,
      latencies: latencies(times),
      slippage: slippage(side, entry.shownPrice, fillPrice),
    });
  }
  return executions;
}

/** The journal of one IST day: round trips with notes, UI orders' executions, equity curve and totals. */
export async function readJournalDay(
  deps: JournalReadDeps,
  userId: string,
  day: IsoDate,
): Promise<JournalDay> {
  const { db } = deps;
  const from = istEpochMs(day);
  const to = from + DAY_MS;
  const stored = await fillsBetween(db, userId, from, to);
  const fills = chargedFills(
    stored.map((fill) => ({ ...fill, ts: Number(fill.ts) })),
    deps.instruments,
    deps.brokeragePerOrder,
  );
  const trips = pairRoundTrips(fills);
  const notes = await notesOf(
    db,
    userId,
    trips.map((trip) => trip.tradeId),
  );
  const entries = await db
    .selectFrom('journalEntries')
    .selectAll()
    .where('userId', '=', userId)
    .where('receivedAt', '>=', from)
    .where('receivedAt', '<', to)
    .orderBy('receivedAt')
    .execute();
  const totals = dayTotals(trips);
  const startTs = trips[0]?.openedAt ?? from;
  return {
    day,
    trades: trips.map((trip) => tradeView(trip, notes.get(trip.tradeId))),
    executions: await executionsOf(db, userId, entries),
    equity: equityCurve(trips, startTs).map((point) => ({ ts: point.ts, net: fromPaise(point.netPaise) })),
    totals: {
      trades: totals.trades,
      gross: fromPaise(totals.grossPaise),
      charges: fromPaise(totals.chargesPaise),
      net: fromPaise(totals.netPaise),
    },
  };
}

/** The user's last order placed from the UI, with its latencies and slippage; null when there is none. */
export async function readLatestExecution(
  db: Kysely<Database>,
  userId: string,
): Promise<JournalExecution | null> {
  const latest = await db
    .selectFrom('journalEntries')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('receivedAt', 'desc')
    .limit(1)
    .execute();
  const [execution] = await executionsOf(db, userId, latest);
  return execution ?? null;
}
