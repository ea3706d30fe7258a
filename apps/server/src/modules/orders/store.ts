import type { Kysely } from 'kysely';
import type { Database } from '../../store/database';
import { fromRow, type OrderRecord, toRow } from './record';

const FINAL_STATUSES = ['complete', 'cancelled', 'rejected'];

/** A fill to book with the order update that carries it. */
export interface FillRecord {
  tradeId: string;
  quantity: number;
  price: number;
  ts: number;
}

/** The order manager's tables. Every read takes the user id: one user never sees another's orders. */
export function createOrderStore(db: Kysely<Database>) {
  const orders = () => db.selectFrom('orders').selectAll();
  const many = async (query: ReturnType<typeof orders>) => (await query.execute()).map(fromRow);
  const one = async (query: ReturnType<typeof orders>) => {
    const row = await query.executeTakeFirst();
    return row ? fromRow(row) : undefined;
  };

  return {
    /** Inserts new orders atomically (a workflow step's orders appear together or not at all). */
    async insertOrders(records: readonly OrderRecord[]): Promise<void> {
      if (records.length === 0) return;
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('orders').values(records.map(toRow)).execute();
      });
    },

    /** Writes an order's new state (and the fill that produced it, exactly once per trade id). */
    async saveOrder(order: OrderRecord, fill?: FillRecord): Promise<void> {
      const { id, userId, createdAt, ...changes } = toRow(order);
      const update = (tx: Kysely<Database>) =>
        tx.updateTable('orders').set(changes).where('id', '=', id).where('userId', '=', userId).execute();
      if (!fill) {
        await update(db);
        return;
      }
      await db.transaction().execute(async (tx) => {
        await update(tx);
        await tx
          .insertInto('orderFills')
          .values({
            orderId: id,
            userId,
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
    },

    /** Records the broker's id of an order unless an update already did (one statement, no read). */
    async setBrokerOrderId(userId: string, id: string, brokerOrderId: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ brokerOrderId })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('brokerOrderId', 'is', null)
        .execute();
    },

    findById: (userId: string, id: string) => one(orders().where('userId', '=', userId).where('id', '=', id)),

    findByBrokerOrderId: (userId: string, brokerId: string, brokerOrderId: string) =>
      one(
        orders()
          .where('userId', '=', userId)
          .where('brokerId', '=', brokerId)
          .where('brokerOrderId', '=', brokerOrderId),
      ),

    findByIdempotencyKey: (userId: string, key: string) =>
      one(orders().where('userId', '=', userId).where('idempotencyKey', '=', key)),

    /** Every order of one workflow family (the user's order, its parts, legs and follow-ups). */
    listFamily: (userId: string, rootId: string) =>
      many(
        orders().where('userId', '=', userId).where('rootId', '=', rootId).orderBy('createdAt').orderBy('id'),
      ),

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

    /** Net booked quantity per trading symbol and product (buy positive, sell negative). */
    async netFilledQuantities(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('orderFills')
        .select(['tradingSymbol', 'productType', 'transactionType', 'quantity'])
        .where('userId', '=', userId)
        .execute();
      const net = new Map<string, number>();
      for (const row of rows) {
        const key = `${row.tradingSymbol}:${row.productType}`;
        const signed = row.transactionType === 'buy' ? Number(row.quantity) : -Number(row.quantity);
        net.set(key, (net.get(key) ?? 0) + signed);
      }
      return net;
    },

    /** Forgets a user's orders at one broker (Practice Mode funds reset clears paper orders). */
    async deleteBrokerOrders(userId: string, brokerId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const ids = tx
          .selectFrom('orders')
          .select('id')
          .where('userId', '=', userId)
          .where('brokerId', '=', brokerId);
        await tx.deleteFrom('orderFills').where('orderId', 'in', ids).execute();
        await tx.deleteFrom('orders').where('userId', '=', userId).where('brokerId', '=', brokerId).execute();
      });
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;
