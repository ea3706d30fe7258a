import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createAuthModule } from '../auth/index';
import { createOrdersModule, type OrdersModule } from '../orders/index';
import { FakeBroker } from '../orders/testing/fake-broker';
import { createTestInstruments } from '../orders/testing/fake-instruments';
import { FakeMarket } from '../orders/testing/fake-market';
import { CALL } from '../orders/testing/orders-fixtures';
import { type AuditModule, createAuditModule } from './index';
import { verifyAuditTrail } from './verify';

// The audit trail on the real order routes: what one order leaves in it, and the trader's day download.

const market = new FakeMarket();
let broker: FakeBroker;
let orders: OrdersModule;
let audit: AuditModule;
let t: TestApp;
let alice: Record<string, string>;
let aliceId: string;
let bob: Record<string, string>;

const order = {
  exchange: 'NFO',
  internalToken: CALL.internalToken,
  quantity: 65,
  transactionType: 'buy',
  product: 'NRML',
  orderType: 'limit',
  // The limit price travels as triggerPrice on this API; a buy below the market rests.
  triggerPrice: 100,
};

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });

async function settle() {
  for (let i = 0; i < 50; i += 1) {
    await orders.service.idle();
    await new Promise((resolve) => setImmediate(resolve));
    if (broker.idle && orders.context.tracker.pending === 0) return;
  }
}

const today = () => {
  const ist = new Date(t.resources.clock.now() + 5.5 * 3_600_000);
  return ist.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp({
    modules: (resources) => {
      const auth = createAuthModule(resources);
      broker = new FakeBroker(market, resources.clock.now);
      audit = createAuditModule(resources, { requireUser: auth.requireUser });
      orders = createOrdersModule({
        resources,
        registry: { sessionFor: async (userId) => broker.session(userId) },
        marketData: market,
        instruments: createTestInstruments(),
        requireUser: auth.requireUser,
        priceViewOf: () => 'practice',
        audit: audit.orderHooks,
      });
      return [auth, audit, orders];
    },
  });
  const user = await createTestUser(t.app);
  alice = authHeader(user.token);
  const info = await t.app.inject({ method: 'GET', url: '/v1/options-x/auth/getUserInfo', headers: alice });
  aliceId = info.json().data.user.id;
  bob = authHeader((await createTestUser(t.app)).token);
  market.push(CALL.tradingsymbol, 120);
});
afterAll(() => t.close());

const linesOf = (userId: string) =>
  t.resources.db.selectFrom('auditLog').selectAll().where('userId', '=', userId).orderBy('seq').execute();

describe('audit trail of the order routes', () => {
  let orderId: string;

  it('has the broker call with its answer, then the request with its answer, stored before the order is acknowledged', async () => {
    const placed = await call('POST', '/order', alice, order);
    expect(placed.statusCode).toBe(200);
    orderId = placed.json().data.orderId;
    // No settling: what the answer acknowledges, its own line included, is stored already.
    // (State changes and the broker's update of its acceptance may come in between.)
    const lines = (await linesOf(aliceId)).filter((line) => ['broker.call', 'request'].includes(line.kind));
    expect(lines.map((line) => line.kind)).toEqual(['broker.call', 'request']);
    const brokerCall = lines[0];
    expect(brokerCall).toMatchObject({ orderId });
    expect(JSON.parse(brokerCall?.data ?? '{}')).toMatchObject({
      method: 'placeOrder',
      args: { quantity: 65 },
      answer: { ok: true },
    });
    const request = lines[1];
    expect(request).toMatchObject({ orderId });
    expect(JSON.parse(request?.data ?? '{}')).toMatchObject({
      method: 'POST',
      url: '/v1/options-x/order',
      body: { quantity: 65 },
      status: 200,
      answer: { success: true, data: { orderId } },
    });
    // The answer is stored as it was sent, byte for byte.
    expect(request?.data).toContain(`"answer":${placed.body}}`);
  });

  it('records a refused request with its answer', async () => {
    const before = (await linesOf(aliceId)).length;
    const refused = await call('DELETE', '/order/XTNOSUCHORDER', alice);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // (The placement's later state changes may be stored meanwhile.)
    const lines = (await linesOf(aliceId)).slice(before).filter((line) => line.kind !== 'state.change');
    expect(lines.map((line) => line.kind)).toEqual(['request']);
    expect(lines[0]).toMatchObject({ orderId: 'XTNOSUCHORDER' });
    expect(JSON.parse(lines[0]?.data ?? '{}')).toMatchObject({
      method: 'DELETE',
      status: refused.statusCode,
      answer: { success: false },
    });
  });

  it('records the broker update and each state change, in one intact chain', async () => {
    await settle();
    const cancelled = await call('DELETE', `/order/${orderId}`, alice);
    expect(cancelled.statusCode).toBe(200);
    await settle();
    await audit.log.settled(aliceId);
    const lines = await linesOf(aliceId);
    const changes = lines.filter((line) => line.kind === 'state.change').map((line) => JSON.parse(line.data));
    expect(changes.map((change) => change.event.type)).toEqual(
      expect.arrayContaining(['cancel_requested', 'cancelled']),
    );
    expect(lines.some((line) => line.kind === 'broker.update')).toBe(true);
    expect(lines.some((line) => JSON.parse(line.data).method === 'cancelOrder')).toBe(true);
    expect((await verifyAuditTrail(t.resources.db)).breaks).toEqual([]);
  });

  it('records no reads', async () => {
    const before = (await linesOf(aliceId)).length;
    expect((await call('GET', '/portfolio/orders', alice)).statusCode).toBe(200);
    await audit.log.settled(aliceId);
    expect(await linesOf(aliceId)).toHaveLength(before);
  });

  it("downloads the day's own lines as CSV with a header row", async () => {
    const response = await call('GET', `/audit/day?date=${today()}`, alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`x-trader-audit-${today()}.csv`);
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('seq,time,kind,orderId,data,prevHash,hash');
    expect(rows).toHaveLength((await linesOf(aliceId)).length + 1);
    expect(rows[1]).toMatch(
      /^1,\d{4}-\d\d-\d\dT[\d:.]+Z,broker\.call,XT\w+,"\{""broker"":""\w+"",""method"":""placeOrder""/,
    );
  });

  it("shows another trader none of them, and another day's file is empty", async () => {
    const bobs = await call('GET', `/audit/day?date=${today()}`, bob);
    expect(bobs.body).toBe('seq,time,kind,orderId,data,prevHash,hash\r\n');
    const otherDay = await call('GET', '/audit/day?date=2020-01-01', alice);
    expect(otherDay.body).toBe('seq,time,kind,orderId,data,prevHash,hash\r\n');
  });

  it('leaves authentication before the body on the order routes (an anonymous caller gets 401, not 400)', async () => {
    const anonymous = await call('POST', '/order', {}, { quantity: 'lots' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad date and an anonymous caller', async () => {
    expect((await call('GET', '/audit/day?date=2026-13-01', alice)).statusCode).toBe(400);
    expect((await call('GET', `/audit/day?date=${today()}`, {})).statusCode).toBe(401);
  });
});

describe('a request the audit cannot write back', () => {
  it('still answers in the envelope: a body nested past the stack is recorded as unserialisable', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/order/editTrailParams/XT0000000001',
      headers: { ...alice, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ success: false });
  });
});
