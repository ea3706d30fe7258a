import { PRODUCT_TYPES } from '@xtrader/core/orders/types';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { type Kysely, sql, type Transaction } from 'kysely';
import { LruMap } from '../../../lru-map';
import { inChunks, insertShape, rowValues, runShaped } from '../../../store/compiled-shapes';
import type { Database } from '../../../store/database';
import { fromRow, type OrderRecord, type OrderRow, toRow } from './record';
import { oneOf } from './row-values';

const FINAL_STATUSES = ['complete', 'cancelled', 'rejected'];
const readFillProduct = oneOf('productType', PRODUCT_TYPES);
/** Most working orders kept in memory; past it the least recently used is read again when next needed. */
const WORKING_ORDERS_KEPT = 20_000;
/**
 * Order rows per insert statement (40 values each, far below any database's bound-value limit). An exit of a large
 * position has no slice cap and may store thousands of orders; the cached SQL text of each row count stays small.
 */
const ORDER_ROWS_PER_INSERT = 200;
/** Ids per `in (...)` read. */
const IDS_PER_READ = 1000;

/** A fill to book with the order update that carries it. */
export interface FillRecord {
  tradeId: string;
  quantity: number;
  price: number;
  ts: number;
}

export interface OrderStoreOptions {
  /**
   * Answer `findById` for working orders from the last state this process wrote or read. Only sound while this
   * process is the database's one writer of orders: SQLite (one process by design). With PostgreSQL, where several
   * instances may share the tables, every read goes to the database.
   */
  keepWorkingOrders?: boolean;
  /**
   * The fencing check of the user's engine lease (cluster/ownership.ts `fence`), run inside every write's
   * transaction: an instance that lost the user can no longer change their orders.
   */
  fence?: (trx: Transaction<Database>, userId: string) => Promise<void>;
}

/**
 * Working orders as this process last wrote or read them, by id. On the order path each broker update and each
 * cancel or modify reads its order first (three reads per placed-and-cancelled order); every write goes through
 * this store, so the copy kept here is what the database holds. A final order is dropped: nothing reads it often.
 */
function workingOrderCache(enabled: boolean) {
  const kept = new LruMap<string, OrderRecord>(WORKING_ORDERS_KEPT);
  return {
    get(userId: string, id: string): OrderRecord | undefined {
      const order = kept.get(id);
      return order?.userId === userId ? order : undefined;
    },
    /** Keeps a working order as stored (`row`), as a fresh read would return it; answers the record kept. */
    put(row: OrderRow): OrderRecord | undefined {
      if (!enabled) return undefined;
      if (FINAL_STATUSES.includes(row.status)) {
        kept.delete(row.id);
        return undefined;
      }
      const order = fromRow(row);
      kept.set(row.id, order);
      return order;
    },
    brokerOrderIdSet(id: string, brokerOrderId: string): void {
      const order = kept.get(id);
      if (order && order.brokerOrderId === null) kept.set(id, { ...order, brokerOrderId });
    },
    /**
     * Forgets orders whose write failed: a failure does not prove nothing was stored (a commit can succeed and its
     * answer still be lost), so the next read asks the database.
     */
    forget(ids: readonly string[]): void {
      for (const id of ids) kept.delete(id);
    },
    forgetUser(userId: string): void {
      for (const [id, order] of kept) if (order.userId === userId) kept.delete(id);
    },
  };
}

/** The order manager's tables. Every read takes the user id: one user never sees another's orders. */
export function createOrderStore(db: Kysely<Database>, options: OrderStoreOptions = {}) {
  const working = workingOrderCache(options.keepWorkingOrders ?? false);
  const { fence } = options;
  // A write of one user's orders: as it is without fencing, else in a transaction that checks the lease first.
  const fenced = <T>(userId: string, write: (executor: Kysely<Database>) => Promise<T>): Promise<T> =>
    fence
      ? db.transaction().execute(async (tx) => {
          await fence(tx, userId);
          return write(tx);
        })
      : write(db);
  const forgetOnFailure = async (ids: readonly string[], write: Promise<unknown>) => {
    try {
      await write;
    } catch (error) {
      working.forget(ids);
      throw error;
    }
  };
  const orders = () => db.selectFrom('orders').selectAll();
  const many = async (query: ReturnType<typeof orders>) => (await query.execute()).map(fromRow);
  const one = async (query: ReturnType<typeof orders>) => {
    const row = await query.executeTakeFirst();
    return row ? fromRow(row) : undefined;
  };

  return {
    /**
     * Inserts new orders atomically (a workflow step's orders appear together or not at all), however many: one
     * statement when they fit in one, else one per chunk in a transaction.
     */
    async insertOrders(records: readonly OrderRecord[]): Promise<void> {
      if (records.length === 0) return;
      // Each statement's SQL is built once per row count (see runShaped).
      const insert = (executor: Kysely<Database>, rows: OrderRow[]) =>
        runShaped(executor, insertShape('orders', rows), rowValues(rows), () =>
          executor.insertInto('orders').values(rows),
        );
      const rows = records.map(toRow);
      const chunks = inChunks(rows, ORDER_ROWS_PER_INSERT);
      const userId = (rows[0] as OrderRow).userId;
      const written =
        chunks.length === 1 && !fence
          ? insert(db, rows)
          : db.transaction().execute(async (tx) => {
              await fence?.(tx, userId);
              for (const chunk of chunks) await insert(tx, chunk);
            });
      await forgetOnFailure(
        rows.map((row) => row.id),
        written,
      );
      for (const row of rows) working.put(row);
    },

    /**
     * Writes an order's new state, workflow and trailing facts and the order type it goes to the broker as (a held
     * stop becomes a market order when it fires, and a restart must send it as that), and the fill that produced it,
     * exactly once per trade id. Its identity and instrument never change, so only these columns are written. Hand-written SQL (identifiers quoted: `trailing` is a PostgreSQL keyword): this and
     * the reads below run several times per order, and Kysely's query building costs more than SQLite itself.
     */
    async saveOrder(order: OrderRecord, fill?: FillRecord): Promise<void> {
      const r = toRow(order);
      const update = (tx: Kysely<Database>) =>
        sql`update "orders" set "broker_order_id" = ${r.brokerOrderId}, "broker_order_type" = ${r.brokerOrderType},
          "status" = ${r.status}, "quantity" = ${r.quantity},
          "filled_quantity" = ${r.filledQuantity}, "filled_value_paise" = ${r.filledValuePaise},
          "average_price" = ${r.averagePrice}, "price" = ${r.price}, "trigger_price" = ${r.triggerPrice},
          "trade_ids" = ${r.tradeIds}, "status_before_request" = ${r.statusBeforeRequest},
          "rejected_reason" = ${r.rejectedReason}, "cancel_reason" = ${r.cancelReason}, "trailing" = ${r.trailing},
          "workflow" = ${r.workflow}, "updated_at" = ${r.updatedAt}
          where "id" = ${r.id} and "user_id" = ${r.userId}`.execute(tx);
      if (!fill) {
        await forgetOnFailure([r.id], fenced(r.userId, update));
        working.put(r);
        return;
      }
      const booked = db.transaction().execute(async (tx) => {
        await fence?.(tx, r.userId);
        await update(tx);
        await tx
          .insertInto('orderFills')
          .values({
            orderId: r.id,
            userId: r.userId,
            tradeId: fill.tradeId,
            tradingSymbol: order.tradingSymbol,
            productType: order.productType,
            transactionType: order.side,
            quantity: fill.quantity,
            price: fill.price,
            ts: fill.ts,
          })
          .execute();
      });
      await forgetOnFailure([r.id], booked);
      working.put(r);
    },

    /** Records the broker's id of an order unless an update already did (one statement, no read). */
    async setBrokerOrderId(userId: string, id: string, brokerOrderId: string): Promise<void> {
      // The usual case on the order path: the broker's 'accepted' update, handled first, stored the id already.
      if (working.get(userId, id)?.brokerOrderId) return;
      await forgetOnFailure(
        [id],
        fenced(userId, (executor) =>
          runShaped(executor, 'orders:setBrokerOrderId', [brokerOrderId, id, userId], () =>
            executor
              .updateTable('orders')
              .set({ brokerOrderId })
              .where('id', '=', id)
              .where('userId', '=', userId)
              .where('brokerOrderId', 'is', null),
          ),
        ),
      );
      working.brokerOrderIdSet(id, brokerOrderId);
    },

    async findById(userId: string, id: string): Promise<OrderRecord | undefined> {
      const kept = working.get(userId, id);
      if (kept) return kept;
      const { rows } =
        await sql<OrderRow>`select * from "orders" where "id" = ${id} and "user_id" = ${userId}`.execute(db);
      const row = rows[0];
      return row ? (working.put(row) ?? fromRow(row)) : undefined;
    },

    /** The user's orders among `ids`, by id (ids of another user's orders are simply absent). */
    async findByIds(userId: string, ids: readonly string[]): Promise<Map<string, OrderRecord>> {
      const found = new Map<string, OrderRecord>();
      for (const chunk of inChunks([...new Set(ids)], IDS_PER_READ)) {
        const { rows } = await sql<OrderRow>`select * from "orders"
          where "user_id" = ${userId} and "id" in (${sql.join(chunk)})`.execute(db);
        for (const row of rows) found.set(row.id, fromRow(row));
      }
      return found;
    },

    async findByBrokerOrderId(userId: string, brokerId: string, brokerOrderId: string) {
      const { rows } = await sql<OrderRow>`select * from "orders"
        where "user_id" = ${userId} and "broker_id" = ${brokerId} and "broker_order_id" = ${brokerOrderId}`.execute(
        db,
      );
      return rows[0] ? fromRow(rows[0]) : undefined;
    },

    findByIdempotencyKey: (userId: string, key: string) =>
      one(orders().where('userId', '=', userId).where('idempotencyKey', '=', key)),

    /** Every order of one workflow family (the user's order, its parts, legs and follow-ups). */
    async listFamily(userId: string, rootId: string): Promise<OrderRecord[]> {
      const { rows } =
        await sql<OrderRow>`select * from "orders" where "root_id" = ${rootId} and "user_id" = ${userId}
        order by "created_at", "id"`.execute(db);
      return rows.map(fromRow);
    },

    /** The user's orders created since `since`, plus any older ones still working. */
    listRecent: (userId: string, since: number) =>
      many(
        orders()
          .where('userId', '=', userId)
          .where((eb) => eb.or([eb('createdAt', '>=', since), eb('status', 'not in', FINAL_STATUSES)]))
          .orderBy('createdAt')
          .orderBy('id'),
      ),

    /** Working broker orders of the user (what cancel-all and exits act on). */
    listWorking: (userId: string) =>
      many(
        orders()
          .where('userId', '=', userId)
          .where('status', 'not in', FINAL_STATUSES)
          .orderBy('createdAt')
          .orderBy('id'),
      ),

    /** How many parts of a group are still working (the group can close only when none is). */
    async countWorkingParts(userId: string, rootId: string, groupId: string): Promise<number> {
      const { rows } = await sql<{ working: number | string }>`select count(*) as "working" from "orders"
        where "root_id" = ${rootId} and "user_id" = ${userId} and "group_id" = ${groupId}
        and "status" not in (${sql.join(FINAL_STATUSES)})`.execute(db);
      return Number(rows[0]?.working ?? 0);
    },

    /** Users whose orders may need recovery after a restart: recent activity or anything still working. */
    async usersToRecover(since: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('userId')
        .distinct()
        .where((eb) => eb.or([eb('createdAt', '>=', since), eb('status', 'not in', FINAL_STATUSES)]))
        .execute();
      return rows.map((row) => row.userId);
    },

    /** Contracts of every order still working, any user's (the instrument master keeps them listed). */
    async workingSymbols(): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('tradingSymbol')
        .distinct()
        .where('status', 'not in', FINAL_STATUSES)
        .execute();
      return rows.map((row) => row.tradingSymbol);
    },

    /** Net booked quantity per trading symbol and product (buy positive, sell negative). */
    async netFilledQuantities(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('orderFills')
        .select(['tradeId', 'tradingSymbol', 'productType', 'transactionType', 'quantity'])
        .where('userId', '=', userId)
        .execute();
      const net = new Map<string, number>();
      for (const row of rows) {
        const key = positionKey({
          tradingSymbol: row.tradingSymbol,
          product: readFillProduct({ table: 'orderFills', id: row.tradeId }, row.productType),
        });
        const signed = row.transactionType === 'buy' ? Number(row.quantity) : -Number(row.quantity);
        net.set(key, (net.get(key) ?? 0) + signed);
      }
      return net;
    },

    /** Forgets a user's orders at one broker (Practice Mode funds reset clears paper orders). */
    async deleteBrokerOrders(userId: string, brokerId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await fence?.(tx, userId);
        const ids = tx
          .selectFrom('orders')
          .select('id')
          .where('userId', '=', userId)
          .where('brokerId', '=', brokerId);
        await tx.deleteFrom('orderFills').where('orderId', 'in', ids).execute();
        await tx.deleteFrom('orders').where('userId', '=', userId).where('brokerId', '=', brokerId).execute();
      });
      working.forgetUser(userId);
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;
