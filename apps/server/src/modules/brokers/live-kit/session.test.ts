import { describe, expect, it } from 'vitest';
import type { WaitingClock } from '../../../clock';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';
import { BrokerCallError } from './errors';
import { reportOf, snapshotOf } from './rows';
import { createLiveSession, type LiveBrokerAdapter, type PlacedOrder, placedOrder } from './session';

// The kit's session on an in-memory broker: no pacing of its own (the orders engine paces), "uncertain means throw", a dead token
// reported once, and reports turned into events once each.

interface Row {
  id: string;
  tag: string;
  status: 'open' | 'complete';
  quantity: number;
  filled: number;
  price: number;
}

function memoryBroker() {
  const rows = new Map<string, Row>();
  const failures: BrokerCallError[] = [];
  const sent: number[] = [];
  let now = 0;
  const clock: WaitingClock = {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  const failOr = () => {
    const failure = failures.shift();
    if (failure) throw failure;
  };
  const adapter: LiveBrokerAdapter<null, Row, PlacedOrder> = {
    brokerId: 'MEMORY',
    name: 'Memory',
    capabilities: {
      nativeTrailing: false,
      nativeIceberg: false,
      rateLimits: [
        { limit: 3, ms: 1000 },
        { limit: 5, ms: 10_000 },
      ],
    },
    classify: (error) =>
      error instanceof BrokerCallError ? error : new BrokerCallError('network', String(error), true),
    orders: async () => [...rows.values()],
    async place(_api, cmd) {
      sent.push(now);
      const id = String(rows.size + 1);
      // A lost answer: the broker took the order, the caller never hears so.
      rows.set(id, {
        id,
        tag: cmd.clientOrderId,
        status: 'open',
        quantity: cmd.quantity,
        filled: 0,
        price: 90,
      });
      failOr();
      return { brokerOrderId: id, known: placedOrder(cmd, { price: cmd.price }) };
    },
    modify: async () => {
      sent.push(now);
      failOr();
    },
    cancel: async () => {
      sent.push(now);
      failOr();
    },
    async positions() {
      failOr();
      return [];
    },
    margin: async () => ({ total: 0, available: 0, utilized: 0 }),
    rows: {
      known: (row, at) => snapshotOf(adapter.rows.report(row), details(row, at)),
      snapshot: (row, at) => snapshotOf(adapter.rows.report(row), details(row, at)),
      report: (row) =>
        reportOf({
          orderId: row.id,
          status: row.status,
          quantity: row.quantity,
          filledQuantity: row.filled,
          averagePrice: row.filled > 0 ? row.price : undefined,
          price: row.price,
          triggerPrice: undefined,
          message: undefined,
        }),
      eventTs: (_row, receivedTs) => receivedTs,
      clientOrderId: (row) => row.tag,
    },
  };
  const details = (row: Row, at: number) => ({
    clientOrderId: row.tag,
    tradingSymbol: 'X',
    side: 'buy' as const,
    orderType: 'limit' as const,
    product: 'normal' as const,
    updatedTs: at,
  });
  let expiredReports = 0;
  const session = createLiveSession(adapter, {
    userId: 'u',
    clock,
    api: async () => null,
    onTokenExpired: () => {
      expiredReports += 1;
    },
  });
  return { rows, failures, sent, session, expired: () => expiredReports };
}

const cmd = (clientOrderId: string): PlaceOrderCommand => ({
  clientOrderId,
  tradingSymbol: 'X',
  internalToken: '1',
  exchange: 'NFO',
  side: 'buy',
  quantity: 65,
  product: 'normal',
  orderType: 'limit',
  price: 90,
});

describe('a live session on the kit', () => {
  it('sends every command when asked, beyond the broker windows: the orders engine is the one pacer', async () => {
    const b = memoryBroker();
    await Promise.all(Array.from({ length: 7 }, (_, i) => b.session.placeOrder(cmd(`C${i}`))));
    await Promise.all(['1', '2', '3'].map((id) => b.session.modifyOrder(id, { price: 91 })));
    await Promise.all(['1', '2', '3'].map((id) => b.session.cancelOrder(id)));
    expect(b.sent).toEqual(Array.from({ length: 13 }, () => 0));
  });

  it('throws an uncertain failure of a placement and answers a definite one', async () => {
    const b = memoryBroker();
    b.failures.push(new BrokerCallError('network', 'no answer', true));
    await expect(b.session.placeOrder(cmd('LOST'))).rejects.toMatchObject({ uncertain: true });
    expect((await b.session.listOrders()).filter((o) => o.clientOrderId === 'LOST')).toHaveLength(1);
    b.failures.push(new BrokerCallError('rejected', 'Memory: no', false));
    expect(await b.session.placeOrder(cmd('NO'))).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Memory: no',
    });
  });

  it('reports a dead token once per failed call and answers commands with it', async () => {
    const b = memoryBroker();
    const placed = await b.session.placeOrder(cmd('A'));
    if (!placed.ok) throw new Error(placed.reason);
    b.failures.push(new BrokerCallError('token_expired', 'Memory session expired', false));
    expect(await b.session.cancelOrder(placed.brokerOrderId)).toMatchObject({
      ok: false,
      code: 'token_expired',
    });
    expect(b.expired()).toBe(1);
  });

  it('turns reports into events once each, also when catching up after a gap', async () => {
    const b = memoryBroker();
    const updates: BrokerOrderUpdate[] = [];
    b.session.onOrderUpdate((u) => updates.push(u));
    await b.session.placeOrder(cmd('F'));
    const row = b.rows.get('1') as Row;
    b.session.deliver({ ...row });
    row.filled = 65;
    row.status = 'complete';
    await b.session.catchUp();
    await b.session.catchUp();
    b.session.deliver({ ...row });
    expect(updates.map((u) => [u.clientOrderId, u.event.type])).toEqual([
      ['F', 'accepted'],
      ['F', 'fill'],
    ]);
  });
});
