import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFyersFixture, type FyersFixture } from '../../../../test/fakes/fyers/fyers-fixture';
import { eventually } from '../../../../test/fakes/kite';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { FakeInstruments } from '../../../../test/helpers/fake-instruments';
import { silentLogger } from '../../../logger';
import type { BrokerOrderUpdate, BrokerSession, PlaceOrderCommand } from '../broker';
import { createCredentialVault } from '../vault';
import { createFyersPlugin } from './plugin';

// Orders through the Fyers adapter: refused before sending when Fyers does not list the contract; a protective stop
// that Fyers or the exchange ends on its own reaches the engine as a cancelled or rejected update.

let f: FyersFixture;
let session: BrokerSession;
let updates: BrokerOrderUpdate[];

beforeEach(async () => {
  f = await createFyersFixture();
  session = (await f.plugin.sessionFor(await f.loggedInUser())) as BrokerSession;
  updates = [];
  session.onOrderUpdate((update) => updates.push(update));
});
afterEach(() => f.close());

const stop = (change: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: 'XT0123456789S',
  tradingSymbol: f.call.tradingsymbol,
  internalToken: f.call.internalToken,
  exchange: 'NFO',
  side: 'sell',
  quantity: 65,
  product: 'intraday',
  orderType: 'stoploss_market',
  triggerPrice: 90,
  ...change,
});

describe('Fyers orders', () => {
  it('refuses a contract Fyers does not list before anything is sent', async () => {
    const ack = await session.placeOrder(stop({ tradingSymbol: 'NIFTY26D0199999CE' }));
    expect(ack).toEqual({ ok: false, code: 'rejected', reason: 'Fyers does not list NIFTY26D0199999CE' });
    expect(f.fyers.requests.filter((r) => r.path === '/api/v3/orders/sync')).toHaveLength(0);
  });

  it('sends a stop-market as a stop-limit on the Fyers symbol', async () => {
    const ack = await session.placeOrder(stop());
    expect(ack.ok).toBe(true);
    expect(
      f.fyers.requests.find((r) => r.method === 'POST' && r.path === '/api/v3/orders/sync')?.body,
    ).toMatchObject({
      symbol: `NSE:${f.call.tradingsymbol}`,
      type: 4,
      stopPrice: 90,
      limitPrice: 87.3,
      side: -1,
      orderTag: 'XT0123456789S',
    });
  });

  it.each([
    [
      'rejected',
      'RED:Price outside the circuit band',
      { type: 'rejected', reason: 'RED:Price outside the circuit band' },
    ],
    [
      'cancelled',
      'Cancelled by the exchange at end of day',
      { type: 'cancelled', reason: 'Cancelled by the exchange at end of day' },
    ],
  ] as const)('reports a protective stop the broker %s on its own', async (status, message, event) => {
    const ack = await session.placeOrder(stop());
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toContain('accepted'));
    f.fyers.endByBroker(ack.brokerOrderId, status, message);
    await eventually(() =>
      expect(updates.filter((u) => u.event.type === status)).toEqual([
        expect.objectContaining({ brokerOrderId: ack.brokerOrderId, clientOrderId: 'XT0123456789S', event }),
      ]),
    );
  });

  it('refuses, without sending, once the platform app is no longer configured (a definite expired session)', async () => {
    const userId = [...f.links.keys()][0] as string;
    const unconfigured = createFyersPlugin({
      vault: createCredentialVault({
        db: f.store.db,
        clock: createFakeClock(Date.now()),
        masterKey: new Uint8Array(32).fill(7),
      }),
      accounts: { activeBrokerOf: async () => 'FYERS', linkBroker: async () => undefined },
      clock: createFakeClock(Date.now()),
      logger: silentLogger(),
      db: f.store.db,
      directory: new FakeInstruments([f.call]),
      settings: { baseUrl: f.fyers.baseUrl, app: undefined, algoId: undefined },
    });
    try {
      const before = f.fyers.requests.length;
      const other = (await unconfigured.sessionFor(userId)) as BrokerSession;
      expect(await other.placeOrder(stop())).toMatchObject({ ok: false, code: 'token_expired' });
      expect(f.fyers.requests.length).toBe(before);
    } finally {
      unconfigured.close();
    }
  });
});
