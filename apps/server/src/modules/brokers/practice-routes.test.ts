import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createPaperApp, type PaperApp } from '../../../test/helpers/paper-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { PRACTICE_MODE_MESSAGES } from './practice-mode';

describeEachStore('Practice Mode calls', (kind) => {
  let t: PaperApp;
  beforeEach(async () => {
    t = await createPaperApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'POST' | 'PUT', path: string, headers?: Record<string, string>) =>
    t.app.inject({ method, url: `/v1/options-x${path}`, ...(headers ? { headers } : {}) });

  it('starts and stops Practice Mode, switching the active broker', async () => {
    const u = await t.user();
    const started = await call('POST', '/broker/papertrading/start', u.headers);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      success: true,
      message: PRACTICE_MODE_MESSAGES.started,
      data: { activeBroker: 'PAPERTRADE' },
    });
    expect(await t.brokers.links.activeBrokerOf(u.id)).toBe('PAPERTRADE');
    expect((await call('POST', '/broker/papertrading/start', u.headers)).statusCode).toBe(200);
    const stopped = await call('POST', '/broker/papertrading/stop', u.headers);
    expect(stopped.json()).toEqual({
      success: true,
      message: PRACTICE_MODE_MESSAGES.stopped,
      data: { activeBroker: null },
    });
    expect(await t.brokers.links.activeBrokerOf(u.id)).toBeNull();
  });

  it('restores the live broker the user had before Practice Mode', async () => {
    const u = await t.user();
    await t.brokers.links.setActiveBroker(u.id, 'ZERODHA');
    await call('POST', '/broker/papertrading/start', u.headers);
    const stopped = await call('POST', '/broker/papertrading/stop', u.headers);
    expect(stopped.json().data).toEqual({ activeBroker: 'ZERODHA' });
    expect(await t.brokers.links.activeBrokerOf(u.id)).toBe('ZERODHA');
    // A second stop leaves the live broker alone.
    expect((await call('POST', '/broker/papertrading/stop', u.headers)).json().data).toEqual({
      activeBroker: 'ZERODHA',
    });
  });

  it('refuses an unknown Practice Mode value, naming the field, and callers without a token', async () => {
    const u = await t.user();
    const bad = await call('POST', '/broker/papertrading/pause', u.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^value: /);
    expect((await call('POST', '/broker/papertrading/start')).statusCode).toBe(401);
    expect((await call('PUT', '/broker/resetFunds/papertrade')).statusCode).toBe(401);
    expect((await call('POST', '/broker/reconnect')).statusCode).toBe(401);
  });

  it('resets funds only in Practice Mode', async () => {
    const u = await t.user();
    const refused = await call('PUT', '/broker/resetFunds/papertrade', u.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message: PRACTICE_MODE_MESSAGES.resetNeedsPracticeMode,
    });

    await call('POST', '/broker/papertrading/start', u.headers);
    const ce = t.contracts.niftyCe;
    t.market.set('practice', { [ce.tradingsymbol]: 100 });
    const session = await t.brokers.registry.sessionFor(u.id);
    await session?.placeOrder({
      clientOrderId: 'c',
      tradingSymbol: ce.tradingsymbol,
      internalToken: ce.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity: 65,
      product: 'normal',
      orderType: 'market',
    });
    // Bought at the ask, one tick above the last price (the quote has no depth).
    expect((await session?.margin())?.utilized).toBe(6503.25);
    const onReset = vi.fn(async () => {});
    t.brokers.practiceMode.onFundsReset(onReset);
    const reset = await call('PUT', '/broker/resetFunds/papertrade', u.headers);
    expect(reset.json()).toEqual({ success: true, message: 'Your account funds has been reset!', data: {} });
    expect(await session?.margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
    expect(await session?.positions()).toEqual([]);
    expect(onReset).toHaveBeenCalledWith(u.id);
  });

  it('reconnects a Practice Mode user and refuses a user with no broker', async () => {
    const u = await t.user();
    const none = await call('POST', '/broker/reconnect', u.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No active broker. Log in with a broker or start Practice Mode.');
    await call('POST', '/broker/papertrading/start', u.headers);
    const onReconnect = vi.fn(async () => {});
    t.brokers.links.onReconnect(onReconnect);
    const ok = await call('POST', '/broker/reconnect', u.headers);
    expect(ok.json()).toEqual({
      success: true,
      message: 'Reconnected to broker updates successfully!',
      data: {},
    });
    expect(onReconnect).toHaveBeenCalledWith(
      u.id,
      expect.objectContaining({ brokerId: 'PAPERTRADE', userId: u.id }),
    );
  });
});
