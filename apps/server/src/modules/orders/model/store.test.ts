import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrdersHarness, type OrdersHarness } from '../testing/harness';
import { addUser, CALL, orderBody, orderOf } from '../testing/orders-fixtures';
import type { OrderRecord } from './record';
import { createOrderStore, type OrderStore } from './store';

/** Counts the statements that reach the database (every executed query passes transformResult). */
function statementCounter() {
  const counter = {
    statements: 0,
    plugin: {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        counter.statements += 1;
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
  return counter;
}

describe('working orders kept in memory (SQLite)', () => {
  let h: OrdersHarness;
  let user: string;
  let template: OrderRecord;
  let counter: ReturnType<typeof statementCounter>;
  let kept: OrderStore;
  /** A store that always reads the database: what is really stored. */
  let stored: OrderStore;
  let n = 0;

  /** A working order of `user`, stored through the store under test. */
  const newOrder = async (owner = user): Promise<OrderRecord> => {
    n += 1;
    const id = `XTSTORE${n}`;
    const order = { ...template, id, rootId: id, userId: owner, brokerOrderId: null };
    await kept.insertOrders([order]);
    return order;
  };
  const withStatus = (order: OrderRecord, status: OrderRecord['state']['status']): OrderRecord => ({
    ...order,
    state: { ...order.state, status, updatedAt: order.state.updatedAt + 1 },
  });

  beforeEach(async () => {
    h = await createOrdersHarness();
    user = addUser(h);
    h.market.push(CALL.tradingsymbol, 120);
    const placed = await h.module.service.place(user, {
      body: orderBody({ orderType: 'limit', triggerPrice: 100 }),
      iceberg: false,
    });
    await h.settle();
    template = await orderOf(h, user, placed.orderId);
    expect(template.state.status).toBe('open');
    counter = statementCounter();
    kept = createOrderStore(h.db.withPlugin(counter.plugin), { keepWorkingOrders: true });
    stored = createOrderStore(h.db);
  });
  afterEach(() => h.close());

  it('answers a working order it wrote without a read, exactly as the database holds it', async () => {
    const order = await newOrder();
    counter.statements = 0;
    expect(await kept.findById(user, order.id)).toEqual(await stored.findById(user, order.id));
    await kept.saveOrder(withStatus(order, 'modify_pending'));
    await kept.setBrokerOrderId(user, order.id, 'B-1');
    counter.statements = 0;
    const found = await kept.findById(user, order.id);
    expect(counter.statements).toBe(0);
    expect(found).toEqual(await stored.findById(user, order.id));
    expect(found).toMatchObject({ brokerOrderId: 'B-1', state: { status: 'modify_pending' } });
  });

  it('keeps the broker id an update recorded first, as the conditional write does', async () => {
    const order = await newOrder();
    await kept.saveOrder({ ...order, brokerOrderId: 'FROM-UPDATE' });
    await kept.setBrokerOrderId(user, order.id, 'FROM-ACK');
    expect((await kept.findById(user, order.id))?.brokerOrderId).toBe('FROM-UPDATE');
    expect((await stored.findById(user, order.id))?.brokerOrderId).toBe('FROM-UPDATE');
  });

  it('reads a final order from the database', async () => {
    const order = await newOrder();
    await kept.saveOrder(withStatus(order, 'cancelled'));
    counter.statements = 0;
    expect((await kept.findById(user, order.id))?.state.status).toBe('cancelled');
    expect(counter.statements).toBe(1);
  });

  it("lists the contracts of every user's working orders, not of final ones", async () => {
    const insert = async (owner: string, id: string, tradingSymbol: string) => {
      const order = { ...template, id, rootId: id, userId: owner, brokerOrderId: null, tradingSymbol };
      await kept.insertOrders([order]);
      return order;
    };
    await insert(addUser(h), 'XTHELD1', 'HELD-A');
    const done = await insert(user, 'XTDONE1', 'DONE-B');
    await kept.saveOrder(withStatus(done, 'cancelled'));
    // The beforeEach order (open) counts too.
    expect((await stored.workingSymbols()).sort()).toEqual(['HELD-A', template.tradingSymbol].sort());
  });

  it('never answers another user with an order it keeps', async () => {
    const order = await newOrder();
    expect(await kept.findById('someone-else', order.id)).toBeUndefined();
  });

  it('keeps the last stored state when a write fails', async () => {
    const order = await newOrder();
    const fill = { tradeId: 'T1', quantity: 65, price: 100, ts: order.state.updatedAt };
    await kept.saveOrder(withStatus(order, 'open'), fill);
    // The same trade id again: the fill's primary key refuses it, and the state written with it is rolled back.
    await expect(kept.saveOrder(withStatus(order, 'cancel_pending'), fill)).rejects.toThrow();
    expect((await kept.findById(user, order.id))?.state.status).toBe('open');
    expect((await stored.findById(user, order.id))?.state.status).toBe('open');
  });

  it("forgets a user's orders when they are deleted (Practice Mode funds reset)", async () => {
    const order = await newOrder();
    await kept.deleteBrokerOrders(user, order.brokerId);
    expect(await kept.findById(user, order.id)).toBeUndefined();
  });

  it('reads the database every time when not keeping working orders (PostgreSQL)', async () => {
    const plain = createOrderStore(h.db.withPlugin(counter.plugin));
    const order = await newOrder();
    counter.statements = 0;
    await plain.findById(user, order.id);
    await plain.findById(user, order.id);
    expect(counter.statements).toBe(2);
  });
});
