import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFyersFixture, type FyersFixture } from '../../../../test/fakes/fyers/fyers-fixture';
import { eventually } from '../../../../test/fakes/kite';
import { silentLogger } from '../../../logger';
import type { BrokerOrderUpdate, BrokerSession } from '../broker';
import type { BrokerAccount } from '../vault';
import { createFyersOrderChannel } from './order-channel';
import { isOrderUpdate } from './order-socket-message';

// Fyers' order socket: a pushed change reads the order book at once (the poll is minutes away here), the status card
// shows the stream, and a dropped socket falls back to the poll and comes back by itself.

/** The machine is shared: socket round trips get more time than the default. */
const SLOW_MS = 10_000;

let f: FyersFixture;
afterEach(() => f.close());

describe('Fyers order socket through the plugin', () => {
  let userId: string;
  let session: BrokerSession;
  let updates: BrokerOrderUpdate[];

  beforeEach(async () => {
    f = await createFyersFixture({ pollMs: 600_000 });
    userId = await f.loggedInUser();
    session = (await f.plugin.sessionFor(userId)) as BrokerSession;
    updates = [];
    session.onOrderUpdate((update) => updates.push(update));
  });

  it('shows the stream on the status card and reports a fill pushed on the socket', async () => {
    await eventually(
      async () =>
        expect(await f.plugin.status(userId)).toMatchObject({ updateChannel: 'stream', updates: 'live' }),
      SLOW_MS,
    );
    const ack = await session.placeOrder({
      clientOrderId: 'XT0123456789-2',
      tradingSymbol: f.call.tradingsymbol,
      internalToken: f.call.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity: 65,
      product: 'intraday',
      orderType: 'limit',
      price: 90,
    });
    if (!ack.ok) throw new Error(ack.reason);
    f.fyers.fill(ack.brokerOrderId, 90);
    await eventually(
      () =>
        expect(updates.filter((u) => u.event.type === 'fill')).toEqual([
          expect.objectContaining({ brokerOrderId: ack.brokerOrderId, clientOrderId: 'XT0123456789-2' }),
        ]),
      SLOW_MS,
    );
    expect(f.fyers.pushed.length).toBeGreaterThan(0);
  });
});

describe('Fyers order channel', () => {
  it('subscribes with the app_id:token header, falls back to polling when dropped, and reconnects', async () => {
    f = await createFyersFixture();
    await f.loggedInUser();
    const authorization = f.fyers.requests.find((r) => r.path === '/api/v3/profile')?.authorization;
    let subscribed = 0;
    const channel = createFyersOrderChannel({
      url: `${f.fyers.baseUrl.replace('http', 'ws')}/trade/v3`,
      authorization: () => authorization,
      pollMs: 600_000,
      // The socket's own catch-ups only: the poll is too slow to run here.
      catchUp: async () => {
        subscribed += 1;
      },
      logger: silentLogger(),
      reconnectMs: 30,
    });
    try {
      channel.open('u1', {} as BrokerAccount);
      await eventually(() => expect(channel.state('u1')).toBe('streaming'), SLOW_MS);
      await eventually(() => expect(f.fyers.streamCount).toBeGreaterThan(0), SLOW_MS);
      f.fyers.streamsAvailable = false;
      f.fyers.dropStreams();
      await eventually(() => expect(channel.state('u1')).toBe('polling'), SLOW_MS);
      f.fyers.streamsAvailable = true;
      await eventually(() => expect(channel.state('u1')).toBe('streaming'), SLOW_MS);
      expect(subscribed).toBe(2);
      channel.close('u1');
      expect(channel.state('u1')).toBeUndefined();
      await eventually(() => expect(f.fyers.streamCount).toBe(0), SLOW_MS);
    } finally {
      channel.closeAll();
    }
  });

  it('stays on polling when the socket refuses the token', async () => {
    f = await createFyersFixture();
    const channel = createFyersOrderChannel({
      url: `${f.fyers.baseUrl.replace('http', 'ws')}/trade/v3`,
      authorization: () => 'XTAPP1-100:not-a-token',
      pollMs: 600_000,
      catchUp: async () => undefined,
      logger: silentLogger(),
      reconnectMs: 30,
    });
    try {
      channel.open('u1', {} as BrokerAccount);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(channel.state('u1')).toBe('polling');
    } finally {
      channel.closeAll();
    }
  });

  it('recognises order pushes only', () => {
    expect(isOrderUpdate('{"orders":{"id":"1","ord_status":90}}')).toBe(true);
    expect(isOrderUpdate('{"s":"ok","code":1605,"message":"Successfully subscribed"}')).toBe(false);
    expect(isOrderUpdate('{"trades":{"id":"1"}}')).toBe(false);
    expect(isOrderUpdate('pong')).toBe(false);
  });
});
