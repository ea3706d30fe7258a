import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import { createRiskStore } from './store';
import { createRiskHarness, type RiskHarness } from './testing/risk-harness';

const CE = 'NIFTY25D0926000CE';
const PE = 'NIFTY25D0925000PE';

describeEachStore('profit protection across a restart', (store) => {
  let h: RiskHarness;
  let user: { id: string; token: string };

  beforeEach(async () => {
    h = await createRiskHarness({ store });
    user = await h.user();
    h.exchange.setPosition(user.id, { tradingSymbol: CE, quantity: 75, price: 100 });
    await h.tick({ [CE]: 100 });
  });
  afterEach(() => h.close());

  it('keeps the high-water mark and the trailed max loss, and resumes trailing from them', async () => {
    const saved = await h.put(user.token, {
      maxLoss: -1000,
      targetProfit: 100_000,
      profitTrailingEnabled: true,
      profitTrailingParams: { increaseInProfit: 500, trailMaxLoss: 250 },
    });
    expect(saved.statusCode).toBe(200);
    await h.idle();
    await h.tick({ [CE]: 114 }); // MTM 1050: two steps
    expect(await h.get(user.token)).toMatchObject({ maxLoss: -500, highWaterMark: 1000 });

    await h.restart();
    await h.idle();
    expect(await h.get(user.token)).toMatchObject({
      maxLoss: -500,
      highWaterMark: 1000,
      profitProtectionEnabled: true,
    });

    await h.tick({ [CE]: 119 }); // MTM 1425: measured from 1000, not from 0 -> no step
    expect(await h.get(user.token)).toMatchObject({ maxLoss: -500, highWaterMark: 1000 });
    await h.tick({ [CE]: 120 }); // 1500: one step
    expect(await h.get(user.token)).toMatchObject({ maxLoss: -250, highWaterMark: 1500 });
    await h.tick({ [CE]: 96.6 }); // -255: fires on the trailed max loss
    expect(h.exchange.position(user.id, CE)?.quantity).toBe(0);
    expect((await h.get(user.token)).lastTrigger).toMatchObject({
      trigger: 'max_loss_hit',
      status: 'completed',
    });
  });

  it('finishes a square-off the restart interrupted, without exiting anything twice', async () => {
    h.exchange.setPosition(user.id, { tradingSymbol: PE, quantity: -75, price: 50 });
    await h.tick({ [PE]: 50 });
    expect((await h.put(user.token, { maxLoss: -2000 })).statusCode).toBe(200);
    await h.idle();
    // Simulate a crash mid square-off: the trigger was claimed, the CE exit was sent and filled, the PE exit was
    // recorded but never sent.
    const riskStore = createRiskStore(h.resources.db);
    const record = (await riskStore.get(user.id))!;
    const position = (await h.exchange.positions(user.id)).find((p) => p.tradingSymbol === CE)!;
    await h.exchange.placeExit(user.id, { exitId: 'kX-1', position, marketProtection: 0.02 });
    const claimed = await riskStore.claimTrigger(user.id, record.version, record.state, {
      id: 'kX',
      trigger: 'max_loss_hit',
      mtm: -2100,
      triggeredAt: h.resources.clock.now(),
      marketProtection: 0.02,
      status: 'squaring_off',
      ordersCancelled: true,
      attempts: 1,
      exits: { [`${CE}|intraday`]: ['kX-1'], [`${PE}|intraday`]: ['kX-2'] },
      failures: {},
      unclosed: [],
      finishedAt: null,
      message: '',
    });
    expect(claimed).toBe(true);
    expect((await h.get(user.token)).lastTrigger?.status).toBe('squaring_off');

    await h.restart();
    await h.idle();
    expect(h.exchange.exitsOf(user.id, CE).map((e) => e.request.exitId)).toEqual(['kX-1']);
    expect(h.exchange.exitsOf(user.id, PE).map((e) => e.request.exitId)).toEqual(['kX-2']);
    expect(h.exchange.position(user.id, PE)?.quantity).toBe(0);
    const status = await h.get(user.token);
    expect(status.profitProtectionEnabled).toBe(false);
    expect(status.lastTrigger).toMatchObject({ status: 'completed', mtm: -2100 });
    expect(h.notifications.map((n) => n.notification.status)).toEqual(['COMPLETE']);
  });

  it('refuses a Save while a square-off is in progress', async () => {
    const riskStore = createRiskStore(h.resources.db);
    expect((await h.put(user.token, {})).statusCode).toBe(200);
    const record = (await riskStore.get(user.id))!;
    await riskStore.claimTrigger(user.id, record.version, record.state, {
      id: 'kY',
      trigger: 'target_reached',
      mtm: 5000,
      triggeredAt: 0,
      marketProtection: 0,
      status: 'squaring_off',
      ordersCancelled: false,
      attempts: 0,
      exits: {},
      failures: {},
      unclosed: [],
      finishedAt: null,
      message: '',
    });
    const refused = await h.put(user.token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Profit protection is squaring off your positions. Please try again!',
    );
  });
});
