import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { silentLogger } from '../../logger';
import { createActivityWaits } from './activity-waits';
import { createKillSwitch, type KillSwitchOptions } from './kill-switch';
import type { KillRecord } from './record';
import { FakeExchange } from './testing/fake-exchange';

const USER = 'user-1';
const CE = 'NIFTY25D0926000CE';
const PE = 'NIFTY25D0925000PE';
const FUT = 'NIFTY25DECFUT';

const startKill = (): KillRecord => ({
  id: 'k1',
  trigger: 'max_loss_hit',
  mtm: -2500,
  triggeredAt: 0,
  marketProtection: 0.01,
  status: 'squaring_off',
  ordersCancelled: false,
  attempts: 0,
  exits: {},
  failures: {},
  unclosed: [],
  finishedAt: null,
  message: '',
});

describe('kill switch', () => {
  let exchange: FakeExchange;
  let saved: KillRecord[];

  const killSwitch = (options: Partial<KillSwitchOptions> = {}) => {
    const waits = createActivityWaits(exchange);
    waits.start();
    return createKillSwitch({
      exits: exchange,
      positions: exchange,
      saveKill: async (_userId, kill) => {
        saved.push(structuredClone(kill));
      },
      waitForActivity: waits.wait,
      clock: createFakeClock(),
      logger: silentLogger(),
      options: { settleTimeoutMs: 100, retryBackoffMs: 1, ...options },
    });
  };

  beforeEach(() => {
    exchange = new FakeExchange(() => 90);
    saved = [];
    exchange.setPosition(USER, { tradingSymbol: CE, quantity: 75, price: 100 });
    exchange.setPosition(USER, { tradingSymbol: PE, quantity: -150, price: 80 });
    exchange.setPosition(USER, { tradingSymbol: FUT, quantity: 25, price: 26000, product: 'normal' });
    exchange.setOpenOrders(USER, ['o1', 'o2', 'o3']);
  });

  it('cancels open orders first, then exits every open intraday position once', async () => {
    const done = await killSwitch().run(USER, startKill());
    expect(exchange.cancelledOrders).toEqual(['o1', 'o2', 'o3']);
    expect(saved[0]).toMatchObject({ ordersCancelled: true, attempts: 0 });
    expect(exchange.placeCalls.map((c) => [c.position.tradingSymbol, c.marketProtection])).toEqual([
      [CE, 0.01],
      [PE, 0.01],
    ]);
    expect(done).toMatchObject({ status: 'completed', attempts: 1, unclosed: [] });
    expect(exchange.position(USER, FUT, 'normal')?.quantity).toBe(25);
  });

  it('records each exit id before sending it', async () => {
    let exitsWhenSent: Record<string, string[]> | undefined;
    const place = exchange.placeExit.bind(exchange);
    exchange.placeExit = async (userId, request) => {
      exitsWhenSent ??= saved.at(-1)?.exits;
      return place(userId, request);
    };
    await killSwitch().run(USER, startKill());
    expect(exitsWhenSent).toEqual({ [`${CE}|intraday`]: ['k1-1'], [`${PE}|intraday`]: ['k1-2'] });
  });

  it('retries an exit that is rejected once, with a new exit for the re-read quantity', async () => {
    exchange.behaviour = (request, sentBefore) =>
      request.position.tradingSymbol === PE && sentBefore === 0
        ? { reject: 'RMS: margin exceeded' }
        : { fill: true };
    const done = await killSwitch().run(USER, startKill());
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    expect(exchange.exitsOf(USER, PE).map((e) => e.request.exitId)).toEqual(['k1-2', 'k1-3']);
    expect(exchange.exitsOf(USER, CE)).toHaveLength(1);
    expect(exchange.position(USER, PE)?.quantity).toBe(0);
  });

  it('gives up after the bounded attempts and reports what could not be closed', async () => {
    exchange.behaviour = (request) =>
      request.position.tradingSymbol === PE ? { reject: 'Instrument blocked' } : { fill: true };
    const done = await killSwitch({ maxAttempts: 3 }).run(USER, startKill());
    expect(exchange.exitsOf(USER, PE)).toHaveLength(3);
    expect(done.status).toBe('incomplete');
    expect(done.unclosed).toEqual([
      { tradingSymbol: PE, productType: 'intraday', quantity: -150, reason: 'Instrument blocked' },
    ]);
    expect(done.message).toContain(`Could not close ${PE} (-150): Instrument blocked`);
    expect(saved.at(-1)).toEqual(done);
  });

  it('never sends a second exit while the first is working; cancels a stuck one before re-sending', async () => {
    exchange.behaviour = (request, sentBefore) =>
      request.position.tradingSymbol === CE && sentBefore === 0 ? { hang: true } : { fill: true };
    const done = await killSwitch({ settleTimeoutMs: 30 }).run(USER, startKill());
    const ceExits = exchange.exitsOf(USER, CE);
    expect(ceExits.map((e) => e.state)).toEqual([
      { status: 'done', reason: 'Cancelled' },
      { status: 'done', reason: null },
    ]);
    expect(done.status).toBe('completed');
  });

  it('waits for a slow exit that fills within the round without sending another', async () => {
    exchange.behaviour = () => ({ hang: true });
    const run = killSwitch({ settleTimeoutMs: 2000 }).run(USER, startKill());
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const id of exchange.exits.keys()) exchange.complete(id);
    const done = await run;
    expect(done.status).toBe('completed');
    expect(exchange.placeCalls).toHaveLength(2);
  });

  it('reports an exit still open at the end instead of exiting twice', async () => {
    exchange.behaviour = (request) =>
      request.position.tradingSymbol === CE ? { hang: true } : { fill: true };
    exchange.cancelExit = async () => undefined; // the broker never confirms the cancel
    const done = await killSwitch({ maxAttempts: 3, settleTimeoutMs: 10 }).run(USER, startKill());
    expect(exchange.exitsOf(USER, CE)).toHaveLength(1);
    expect(done.unclosed).toEqual([
      { tradingSymbol: CE, productType: 'intraday', quantity: 75, reason: 'Exit order still open' },
    ]);
  });

  it('resumes an interrupted square-off with the same exit ids (placement is idempotent)', async () => {
    // The process stopped after k1-1 was sent (and filled) and k1-2 recorded but not sent.
    await exchange.placeExit(USER, {
      exitId: 'k1-1',
      position: exchange.position(USER, CE)!,
      marketProtection: 0.01,
    });
    exchange.placeCalls.length = 0;
    const interrupted: KillRecord = {
      ...startKill(),
      ordersCancelled: true,
      attempts: 1,
      exits: { [`${CE}|intraday`]: ['k1-1'], [`${PE}|intraday`]: ['k1-2'] },
    };
    const done = await killSwitch().run(USER, interrupted);
    expect(exchange.cancelledOrders).toEqual([]);
    expect(exchange.placeCalls.map((c) => c.exitId)).toEqual(['k1-2']);
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('retries when positions cannot be read, and reports if they never can', async () => {
    exchange.failPositionsReads = 1;
    expect((await killSwitch().run(USER, startKill())).status).toBe('completed');

    exchange.setPosition(USER, { tradingSymbol: CE, quantity: 75, price: 100 });
    exchange.failPositionsReads = 10;
    const done = await killSwitch({ maxAttempts: 2 }).run(USER, startKill());
    expect(done.status).toBe('incomplete');
    expect(done.message).toContain('Could not read positions: broker unavailable');
  });
});
