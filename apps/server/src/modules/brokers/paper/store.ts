import { fromPaise, toPaise } from '@xtrader/core/orders/price-rules';
import type { Kysely, Transaction } from 'kysely';
import { insertShape, rowValues, runShaped } from '../../../store/compiled-shapes';
import type { Database } from '../../../store/database';
import type { PaperOrder } from './paper-order';
import type { PaperPosition } from './positions';
import type { PaperOrdersTable, PaperPositionsTable, PaperTradesTable } from './tables';

type Db = Kysely<Database> | Transaction<Database>;

const optionalPaise = (value: number | undefined) => (value === undefined ? null : toPaise(value));
const optionalRupees = (value: number | null) => (value === null ? undefined : fromPaise(value));

function orderToRow(order: PaperOrder): PaperOrdersTable {
  return {
    id: order.id,
    userId: order.userId,
    clientOrderId: order.clientOrderId ?? null,
    tradingSymbol: order.tradingSymbol,
    internalToken: order.internalToken,
    exchange: order.exchange,
    side: order.side,
    product: order.product,
    orderType: order.orderType,
    quantity: order.quantity,
    filledQuantity: order.filledQuantity,
    averagePricePaise: toPaise(order.averagePrice),
    pricePaise: optionalPaise(order.price),
    triggerPricePaise: optionalPaise(order.triggerPrice),
    status: order.status,
    rejectedReason: order.rejectedReason ?? null,
    blockedPaise: order.blockedPaise,
    chargesPaise: order.chargesPaise,
    trailChangeInPricePaise: optionalPaise(order.trailing?.changeInPrice),
    trailChangeInSlPaise: optionalPaise(order.trailing?.changeInSL),
    trailReferencePaise: optionalPaise(order.trailing?.referencePrice),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

function rowToOrder(row: PaperOrdersTable): PaperOrder {
  const trailing =
    row.trailChangeInPricePaise !== null && row.trailChangeInSlPaise !== null
      ? {
          changeInPrice: fromPaise(row.trailChangeInPricePaise),
          changeInSL: fromPaise(row.trailChangeInSlPaise),
          referencePrice: optionalRupees(row.trailReferencePaise),
        }
      : undefined;
  return {
    id: row.id,
    userId: row.userId,
    clientOrderId: row.clientOrderId ?? undefined,
    tradingSymbol: row.tradingSymbol,
    internalToken: row.internalToken,
    exchange: row.exchange,
    side: row.side,
    product: row.product,
    orderType: row.orderType,
    quantity: row.quantity,
    filledQuantity: row.filledQuantity,
    averagePrice: fromPaise(row.averagePricePaise),
    price: optionalRupees(row.pricePaise),
    triggerPrice: optionalRupees(row.triggerPricePaise),
    status: row.status,
    rejectedReason: row.rejectedReason ?? undefined,
    blockedPaise: row.blockedPaise,
    chargesPaise: row.chargesPaise,
    marketProtection: undefined,
    trailing,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const positionToRow = (p: PaperPosition): PaperPositionsTable => ({
  userId: p.userId,
  tradingSymbol: p.tradingSymbol,
  product: p.product,
  internalToken: p.internalToken,
  exchange: p.exchange,
  netQuantity: p.netQuantity,
  buyQuantity: p.buyQuantity,
  sellQuantity: p.sellQuantity,
  buyValuePaise: p.buyValuePaise,
  sellValuePaise: p.sellValuePaise,
  openCostPaise: p.openCostPaise,
  realisedPaise: p.realisedPaise,
  chargesPaise: p.chargesPaise,
  updatedAt: p.updatedAt,
});

/** The paper exchange's tables. Every user-owned read takes the user id. */
export function createPaperStore(db: Kysely<Database>) {
  return {
    db,
    /** Every account, or one user's (`userId`: an instance taking over that user). */
    loadAccounts: (userId?: string) =>
      db
        .selectFrom('paperAccounts')
        .selectAll()
        .$if(userId !== undefined, (q) => q.where('userId', '=', userId as string))
        .execute(),
    findAccount: (userId: string) =>
      db.selectFrom('paperAccounts').selectAll().where('userId', '=', userId).executeTakeFirst(),
    async loadRestingOrders(userId?: string): Promise<PaperOrder[]> {
      const rows = await db
        .selectFrom('paperOrders')
        .selectAll()
        .where('status', 'in', ['open', 'trigger_pending'])
        .$if(userId !== undefined, (q) => q.where('userId', '=', userId as string))
        .orderBy('createdAt')
        .execute();
      return rows.map(rowToOrder);
    },
    async loadPositions(userId?: string): Promise<PaperPosition[]> {
      return db
        .selectFrom('paperPositions')
        .selectAll()
        .$if(userId !== undefined, (q) => q.where('userId', '=', userId as string))
        .execute();
    },
    async listOrders(userId: string): Promise<PaperOrder[]> {
      const rows = await db
        .selectFrom('paperOrders')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
      return rows.map(rowToOrder);
    },
    findOrder: async (userId: string, orderId: string): Promise<PaperOrder | undefined> => {
      const row = await db
        .selectFrom('paperOrders')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', orderId)
        .executeTakeFirst();
      return row ? rowToOrder(row) : undefined;
    },
    /** The user's fills in the order they happened. */
    listTrades: (userId: string) =>
      db.selectFrom('paperTrades').selectAll().where('userId', '=', userId).orderBy('seq').execute(),
    async lastTradeSeq(): Promise<number> {
      const row = await db
        .selectFrom('paperTrades')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },
  };
}

export type PaperStore = ReturnType<typeof createPaperStore>;

// Writes take a transaction (the write queue batches them) and are idempotent where a retry could repeat them.

export async function insertAccount(
  trx: Db,
  userId: string,
  capitalPaise: number,
  now: number,
): Promise<void> {
  await trx
    .insertInto('paperAccounts')
    .values({ userId, capitalPaise, bookedPaise: 0, previousBroker: null, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
}

export async function setPreviousBroker(trx: Db, userId: string, broker: string | null, now: number) {
  await trx
    .updateTable('paperAccounts')
    .set({ previousBroker: broker, updatedAt: now })
    .where('userId', '=', userId)
    .execute();
}

/** Rows per multi-row statement (SQLite allows 32,766 bound values; an order row has 25). */
const CHUNK = 500;

const chunks = <T>(rows: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

const ORDER_UPDATE_COLUMNS = [
  'clientOrderId',
  'quantity',
  'filledQuantity',
  'averagePricePaise',
  'pricePaise',
  'triggerPricePaise',
  'orderType',
  'status',
  'rejectedReason',
  'blockedPaise',
  'chargesPaise',
  'trailChangeInPricePaise',
  'trailChangeInSlPaise',
  'trailReferencePaise',
  'updatedAt',
] as const satisfies readonly (keyof PaperOrdersTable)[];

const POSITION_UPDATE_COLUMNS = [
  'netQuantity',
  'buyQuantity',
  'sellQuantity',
  'buyValuePaise',
  'sellValuePaise',
  'openCostPaise',
  'realisedPaise',
  'chargesPaise',
  'updatedAt',
] as const satisfies readonly (keyof PaperPositionsTable)[];

/** Inserts or updates orders, one statement per chunk (the latest state of each order id must appear once). */
export async function saveOrders(trx: Db, orders: readonly PaperOrder[]): Promise<void> {
  for (const chunk of chunks(orders.map(orderToRow))) {
    await runShaped(trx, insertShape('paperOrders:upsert', chunk), rowValues(chunk), () =>
      trx
        .insertInto('paperOrders')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) =>
              Object.fromEntries(ORDER_UPDATE_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
            ),
        ),
    );
  }
}

export async function insertTrades(trx: Db, trades: readonly PaperTradesTable[]): Promise<void> {
  for (const chunk of chunks(trades)) {
    await runShaped(trx, insertShape('paperTrades:insert', chunk), rowValues(chunk), () =>
      trx
        .insertInto('paperTrades')
        .values(chunk)
        .onConflict((oc) => oc.column('id').doNothing()),
    );
  }
}

export async function savePositions(trx: Db, positions: readonly PaperPosition[]): Promise<void> {
  for (const chunk of chunks(positions.map(positionToRow))) {
    await runShaped(trx, insertShape('paperPositions:upsert', chunk), rowValues(chunk), () =>
      trx
        .insertInto('paperPositions')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .columns(['userId', 'tradingSymbol', 'product'])
            .doUpdateSet((eb) =>
              Object.fromEntries(POSITION_UPDATE_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
            ),
        ),
    );
  }
}

/** Clears a user's orders, trades and positions and sets fresh capital, nothing booked (funds reset). */
export async function resetAccount(
  trx: Db,
  userId: string,
  capitalPaise: number,
  now: number,
): Promise<void> {
  await trx.deleteFrom('paperTrades').where('userId', '=', userId).execute();
  await trx.deleteFrom('paperPositions').where('userId', '=', userId).execute();
  await trx.deleteFrom('paperOrders').where('userId', '=', userId).execute();
  await trx
    .updateTable('paperAccounts')
    .set({ capitalPaise, bookedPaise: 0, updatedAt: now })
    .where('userId', '=', userId)
    .execute();
}

/** The account's realised P&L of earlier days (the day rollover books it). */
export async function saveBooked(trx: Db, userId: string, bookedPaise: number, now: number): Promise<void> {
  await trx
    .updateTable('paperAccounts')
    .set({ bookedPaise, updatedAt: now })
    .where('userId', '=', userId)
    .execute();
}

/** Removes a closed position of an earlier day from the day's positions (its orders and trades stay). */
export async function deletePosition(
  trx: Db,
  userId: string,
  tradingSymbol: string,
  product: PaperPosition['product'],
): Promise<void> {
  await trx
    .deleteFrom('paperPositions')
    .where('userId', '=', userId)
    .where('tradingSymbol', '=', tradingSymbol)
    .where('product', '=', product)
    .execute();
}
