import { afterEach, beforeEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestUser } from '../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { describeEachStore } from '../../test/helpers/test-store';
import { ManualFeed } from '../modules/market/manual-feed';

// The gateway as main.ts builds it: real auth, real market data, the instrument master.
describeEachStore('WebSocket gateway wiring', (kind) => {
  let t: TestApp;
  let feed: ManualFeed;
  let url: string;
  beforeEach(async () => {
    feed = new ManualFeed();
    t = await createTestApp({ store: kind, overrides: { priceFeed: feed } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/options-x/websocket`;
  });
  afterEach(async () => {
    await t.close();
  });

  it('accepts a real access token, refuses a forged one, and streams the indices it always keeps', async () => {
    const { token } = await createTestUser(t.app);
    const forged = new WebSocket(`${url}?token=${token}x`);
    const forgedClose = await new Promise<number>((resolve) => forged.on('close', (code) => resolve(code)));
    expect(forgedClose).toBe(4401);

    expect(feed.subscribed).toEqual(
      new Set([
        'NIFTY 50',
        'NIFTY BANK',
        'NIFTY FIN SERVICE',
        'NIFTY MID SELECT',
        'NIFTY NEXT 50',
        'SENSEX',
        'BANKEX',
      ]),
    );
    const socket = new WebSocket(`${url}?token=${token}`);
    const frames: { channel: string; data: { symbol: string; LastPrice: number }[] }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    // The index ticks before the socket subscribes: the subscription starts with that snapshot.
    feed.emit({ 'NIFTY BANK': 59_123.45 }, t.resources.clock.now());
    socket.send(JSON.stringify({ action: 'subscribe', symbols: ['NIFTY BANK'] }));
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    expect(frames[0]).toMatchObject({
      channel: 'ltp',
      data: [{ symbol: 'NIFTY BANK', LastPrice: 59_123.45 }],
    });
    socket.close();
  });

  it('answers a plain HTTP request to the socket address with 426 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/websocket' });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toEqual({ success: false, message: expect.stringMatching(/WebSocket/) });
  });
});
