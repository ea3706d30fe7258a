import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeTelegram } from '../../../test/fakes/telegram/index';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { ManualFeed } from '../market/manual-feed';
import { MESSAGES } from './bot';

// Friday 20 Nov 2026, 10:00 IST.
const NOW = istEpochMs('2026-11-20', 10, 0);
const TOKEN = '123456:TEST-token';
const CHAT = 5551234;
const STRANGER = 7770001;

// The real module graph with the Telegram bot pointed at a fake Bot API: linking a chat with a code, alerts of
// fills, /status, /closeall with its confirmation (positions flat, trading locked), and unknown chats ignored.
describeEachStore('Telegram alerts in the app', (kind) => {
  let t: TestApp;
  let telegram: FakeTelegram;
  let headers: { authorization: string };
  const feed = new ManualFeed();

  beforeEach(async () => {
    telegram = await new FakeTelegram(TOKEN).start();
    t = await createTestApp({
      store: kind,
      clock: createFakeClock(NOW),
      env: {
        XT_PRACTICE_DELAY_MS: '0',
        XT_TELEGRAM_BOT_TOKEN: TOKEN,
        XT_TELEGRAM_API_URL: telegram.baseUrl,
      },
      overrides: { priceFeed: feed, telegram: { poller: { timeoutS: 1, backoffMs: 50 } } },
    });
    headers = authHeader((await createTestUser(t.app)).token);
  });
  afterEach(async () => {
    await t.close();
    await telegram.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });
  const get = (path: string, filters: object) =>
    call('GET', `/instruments/${path}?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  const instrument = async () => {
    const expiry = (await get('getExpiryDates', { name: 'NIFTY' })).json().data.expiryDates[0] as string;
    const strikes = (await get('getStrikes', { name: 'NIFTY', expiry, instrumentType: 'CE' })).json().data
      .strikes as number[];
    const strike = strikes[Math.floor(strikes.length / 2)];
    const filters = { instrumentType: 'CE', name: 'NIFTY', strike, expiry, exchange: 'NFO' };
    return (await get('fetchInstrument', filters)).json().data.instrument as {
      internalToken: string;
      tradingsymbol: string;
      lot_size: number;
    };
  };
  const link = async () => {
    const issued = await call('POST', '/alerts/telegram/code');
    expect(issued.statusCode, issued.body).toBe(200);
    const { code } = issued.json().data as { code: string };
    telegram.userSays(CHAT, `/start ${code}`);
    await telegram.waitForMessage(CHAT, /^Linked/);
    return code;
  };
  const buy = async (contract: { internalToken: string; lot_size: number }) =>
    call('POST', '/order', {
      exchange: 'NFO',
      internalToken: contract.internalToken,
      quantity: contract.lot_size,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'market',
    });

  it('links a chat with a one-time code, and unlinks it from settings', async () => {
    expect((await call('GET', '/alerts/telegram')).json().data).toEqual({
      enabled: true,
      linked: false,
      linkedAt: null,
    });
    const code = await link();
    const linked = (await call('GET', '/alerts/telegram')).json().data;
    expect(linked.linked).toBe(true);
    // The code is used up: a second chat cannot take it.
    telegram.userSays(STRANGER, `/link ${code}`);
    await telegram.waitForMessage(STRANGER, /unknown or has expired/);
    expect((await call('DELETE', '/alerts/telegram')).statusCode).toBe(200);
    expect((await call('GET', '/alerts/telegram')).json().data.linked).toBe(false);
    telegram.userSays(CHAT, '/status');
    expect(await telegram.waitForMessage(CHAT, /not linked/)).toBe(MESSAGES.notLinked);
  });

  it('refuses an expired code', async () => {
    const { code } = (await call('POST', '/alerts/telegram/code')).json().data as { code: string };
    t.resources.clock.advance(10 * 60_000 + 1);
    telegram.userSays(CHAT, `/start ${code}`);
    await telegram.waitForMessage(CHAT, /unknown or has expired/);
    expect((await call('GET', '/alerts/telegram')).json().data.linked).toBe(false);
  });

  it('ignores commands from chats nobody linked', async () => {
    await link();
    telegram.userSays(STRANGER, '/closeall CONFIRM');
    expect(await telegram.waitForMessage(STRANGER, /not linked/)).toBe(MESSAGES.notLinked);
    expect(telegram.sentTo(STRANGER)).toHaveLength(1);
  });

  it('sends fills to the linked chat, answers /status, and /closeall after its confirmation squares off and locks the day', async () => {
    expect((await call('POST', '/broker/papertrading/start')).statusCode).toBe(200);
    await link();
    const contract = await instrument();
    feed.emit({ [contract.tradingsymbol]: 120 }, NOW);
    const placed = await buy(contract);
    expect(placed.statusCode, placed.body).toBe(200);
    await telegram.waitForMessage(CHAT, new RegExp(`^Filled: BUY ${contract.lot_size} `));

    telegram.userSays(CHAT, '/status');
    await telegram.waitForMessage(CHAT, /^Open positions: 1\n/);

    telegram.userSays(CHAT, '/closeall');
    await telegram.waitForMessage(CHAT, /^Close all\?/);
    telegram.userSays(CHAT, 'yes');
    await telegram.waitForMessage(CHAT, /^Close all done/);

    const positions = (await call('GET', '/portfolio/positions')).json().data.positions.netPosition as {
      quantity: number;
    }[];
    expect(positions.every((p) => p.quantity === 0)).toBe(true);
    const refused = await buy(contract);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^You closed all and locked trading for today/);
    expect((await call('GET', '/discipline')).json().data.locked).toBe(true);
  });

  it('sends no alert of a kind the user switched off, and a "yes" without /closeall does nothing', async () => {
    expect((await call('POST', '/broker/papertrading/start')).statusCode).toBe(200);
    await link();
    const saved = await call('PUT', '/auth/editUserSetting', { alerts: { notify: { fill: false } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const contract = await instrument();
    feed.emit({ [contract.tradingsymbol]: 120 }, NOW);
    expect((await buy(contract)).statusCode).toBe(200);
    telegram.userSays(CHAT, 'yes');
    await telegram.waitForMessage(CHAT, /Nothing waits/);
    telegram.userSays(CHAT, '/status');
    await telegram.waitForMessage(CHAT, /^Open positions: 1/);
    // The status answer came after the fill: a fill alert would have been sent before it.
    expect(telegram.sentTo(CHAT).some((text) => text.startsWith('Filled'))).toBe(false);
  });
});
