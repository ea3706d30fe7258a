import type { DaySummary, OrderCharges } from '@xtrader/core/api/practice';
import { IST_OFFSET_MS, istDateOf } from '@xtrader/core/market/dates';
import { fromPaise } from '@xtrader/core/orders/price-rules';
import { summariseDay, winRate } from '@xtrader/core/pnl/day-summary';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../store/database';
import { orderChargesOf } from './charges';
import type { ExchangeCore } from './exchange-core';
import type { PaperAccount } from './funds';
import { averageOpenPricePaise, type PaperPosition } from './positions';
import type { PaperDaySummariesTable } from './tables';

type Db = Kysely<Database> | Transaction<Database>;
const MS_PER_DAY = 86_400_000;

/** The day's P&L of a position before charges, as the positions page counts it: sold - bought + mark x open. */
function dayGrossPaise(core: ExchangeCore, position: PaperPosition): number {
  const ltp = core.pricingOf(position.userId).ltp(position.tradingSymbol);
  const markPaise = ltp === undefined ? averageOpenPricePaise(position) : Math.round(ltp * 100);
  return Math.round(position.sellValuePaise - position.buyValuePaise + markPaise * position.netQuantity);
}

/** Epoch ms of the start of the IST day of `ts`. */
const istDayStart = (ts: number): number =>
  Math.floor((ts + IST_OFFSET_MS) / MS_PER_DAY) * MS_PER_DAY - IST_OFFSET_MS;

/**
 * The summary row of the account's day so far (positions are the day's after the rollover), or undefined when the
 * user did nothing that day.
 */
export async function daySummaryRow(
  core: ExchangeCore,
  account: PaperAccount,
  now: number,
): Promise<PaperDaySummariesTable | undefined> {
  const positions = [...account.positions.values()].filter((p) => p.buyQuantity + p.sellQuantity > 0);
  const row = await core.store.db
    .selectFrom('paperTrades')
    .select((eb) => eb.fn.countAll<number | string>().as('trades'))
    .where('userId', '=', account.userId)
    .where('ts', '>=', istDayStart(now))
    .where('ts', '<=', now)
    .executeTakeFirst();
  const trades = Number(row?.trades ?? 0);
  if (trades === 0 && positions.length === 0) return undefined;
  const figures = summariseDay(
    positions.map((p) => ({ grossPaise: dayGrossPaise(core, p), chargesPaise: p.chargesPaise })),
    trades,
  );
  return { userId: account.userId, day: istDateOf(now), ...figures, createdAt: now };
}

/** Writes (or rewrites, when the square-off runs again that day) one summary row. */
export async function saveDaySummary(trx: Db, row: PaperDaySummariesTable): Promise<void> {
  const { userId, day, ...figures } = row;
  await trx
    .insertInto('paperDaySummaries')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'day']).doUpdateSet(figures))
    .execute();
}

export const toDaySummary = (row: PaperDaySummariesTable): DaySummary => {
  const rate = winRate(row);
  return {
    day: row.day,
    trades: Number(row.trades),
    gross: fromPaise(Number(row.grossPaise)),
    charges: fromPaise(Number(row.chargesPaise)),
    net: fromPaise(Number(row.netPaise)),
    wins: Number(row.wins),
    losses: Number(row.losses),
    winRate: rate === undefined ? null : Math.round(rate * 10_000) / 100,
    largestLoss: fromPaise(Number(row.largestLossPaise)),
  };
};

/** The user's stored day summaries, latest first. */
export async function listDaySummaries(db: Db, userId: string): Promise<DaySummary[]> {
  const rows = await db
    .selectFrom('paperDaySummaries')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('day', 'desc')
    .limit(366)
    .execute();
  return rows.map(toDaySummary);
}

/** Charges of each of the user's executed paper orders, itemised (recomputed from the order: the same rule). */
export async function listOrderCharges(core: ExchangeCore, userId: string): Promise<OrderCharges[]> {
  const orders = await core.store.listOrders(userId);
  return orders
    .filter((order) => order.filledQuantity > 0)
    .map((order) => {
      const c = orderChargesOf(core, order, order.updatedAt);
      return {
        orderId: order.clientOrderId ?? null,
        brokerOrderId: order.id,
        tradingSymbol: order.tradingSymbol,
        brokerage: fromPaise(c.brokeragePaise),
        stt: fromPaise(c.sttPaise),
        exchange: fromPaise(c.exchangePaise),
        sebi: fromPaise(c.sebiPaise),
        stamp: fromPaise(c.stampPaise),
        gst: fromPaise(c.gstPaise),
        total: fromPaise(order.chargesPaise),
      };
    });
}
