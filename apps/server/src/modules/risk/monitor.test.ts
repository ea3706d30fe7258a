import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import { LOGIN_RECHECK_MS } from './monitor';
import { createRiskHarness, type RiskHarness } from './testing/risk-harness';

const CE = 'NIFTY25D0926000CE';
const PE = 'NIFTY25D0925000PE';

describeEachStore('profit protection monitor', (store) => {
  let h: RiskHarness;
  let user: Awaited<ReturnType<RiskHarness['user']>>;

  beforeEach(async () => {
    h = await createRiskHarness({ store });
    user = await h.user();
    // Long 75 CE bought at 100: MTM = 75 x (price - 100).
    h.exchange.setPosition(user.id, { tradingSymbol: CE, quantity: 75, price: 100 });
    h.exchange.setOpenOrders(user.id, ['sl-1', 'tgt-1']);
    await h.tick({ [CE]: 100 });
  });
  afterEach(() => h.close());

  const save = async (body: Parameters<RiskHarness['put']>[1] = {}) => {
    const response = await h.put(user.token, body);
    expect(response.statusCode, response.body).toBe(200);
    await h.idle();
  };

  it('squares off when the target is reached: cancels open orders, exits, switches off, notifies', async () => {
    await save({ targetProfit: 5000 });
    await h.tick({ [CE]: 166 }); // 4950
    expect(h.exchange.placeCalls).toHaveLength(0);
    await h.tick({ [CE]: 167 }); // 5025

    expect(h.exchange.cancelledOrders).toEqual(['sl-1', 'tgt-1']);
    expect(h.exchange.placeCalls.map((c) => [c.position.tradingSymbol, c.marketProtection])).toEqual([
      [CE, 0.02],
    ]);
    expect(h.exchange.position(user.id, CE)?.quantity).toBe(0);
    const status = await h.get(user.token);
    expect(status.profitProtectionEnabled).toBe(false);
    expect(status.lastTrigger).toMatchObject({
      trigger: 'target_reached',
      mtm: 5025,
      status: 'completed',
      unclosed: [],
    });
    expect(h.notifications).toHaveLength(1);
    expect(h.notifications[0]).toMatchObject({
      userId: user.id,
      notification: { notificationType: 'profit_protection_triggered', status: 'COMPLETE' },
    });
    expect(h.notifications[0]?.notification.statusMessage).toContain('target profit reached');

    // Switched off: further ticks do nothing.
    await h.tick({ [CE]: 300 });
    expect(h.exchange.placeCalls).toHaveLength(1);
  });

  it('acts only while the user is logged in: after logout a crossing waits for the next login', async () => {
    await save({ maxLoss: -2000 });
    const logout = await h.app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/logout',
      headers: { authorization: user.token },
    });
    expect(logout.statusCode).toBe(200);
    await h.tick({ [CE]: 73 }); // -2025: through the max loss, but nobody is logged in
    await h.tick({ [CE]: 72 });
    expect(h.exchange.placeCalls).toHaveLength(0);
    expect(h.exchange.position(user.id, CE)?.quantity).toBe(75);
    const login = await h.app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/login',
      payload: { username: user.email, passcode: user.passcode },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.accessToken as string;
    h.resources.clock.advance(LOGIN_RECHECK_MS);
    await h.tick({ [CE]: 72.5 });
    expect(h.exchange.position(user.id, CE)?.quantity).toBe(0);
    expect((await h.get(token)).lastTrigger).toMatchObject({ trigger: 'max_loss_hit', mtm: -2062.5 });
  });

  it('squares off when MTM falls to the max loss', async () => {
    await save({ maxLoss: -2000 });
    // The monitor keeps the symbols it watches ticking, and lets go of them once it stops watching.
    const owner = `profit-protection:${user.id}`;
    expect(h.market.retained.get(owner)).toEqual(new Set([CE]));
    await h.tick({ [CE]: 74 }); // -1950
    expect(h.exchange.placeCalls).toHaveLength(0);
    await h.tick({ [CE]: 73.3 }); // -2002.5
    expect(h.exchange.position(user.id, CE)?.quantity).toBe(0);
    expect(h.market.retained.has(owner)).toBe(false);
    expect((await h.get(user.token)).lastTrigger).toMatchObject({ trigger: 'max_loss_hit', mtm: -2002.5 });
  });

  it('trails the max loss up step by step, persists it, then a pullback fires', async () => {
    await save({
      maxLoss: -1000,
      targetProfit: 100_000,
      profitTrailingEnabled: true,
      profitTrailingParams: { increaseInProfit: 500, trailMaxLoss: 250 },
    });
    const seen: [number, number, number][] = [];
    for (const price of [104, 106.67, 110, 113.4, 122, 116]) {
      await h.tick({ [CE]: price });
      const status = await h.get(user.token);
      seen.push([price, status.maxLoss, status.highWaterMark]);
    }
    // [price, max loss in force, high-water mark]: MTM 300, 500.25, 750, 1005, 1650, 1200.
    expect(seen).toEqual([
      [104, -1000, 0],
      [106.67, -750, 500],
      [110, -750, 500],
      [113.4, -500, 1000],
      [122, -250, 1500],
      [116, -250, 1500],
    ]);
    expect((await h.get(user.token)).savedMaxLoss).toBe(-1000);

    await h.tick({ [CE]: 96.67 }); // -249.75: above the trailed max loss
    expect(h.exchange.placeCalls).toHaveLength(0);
    await h.tick({ [CE]: 96.66 }); // -250.5: the saved -1000 would not have fired; the trailed -250 does
    expect(h.exchange.position(user.id, CE)?.quantity).toBe(0);
    expect((await h.get(user.token)).lastTrigger).toMatchObject({ trigger: 'max_loss_hit', mtm: -250.5 });
  });

  it('does nothing while protection is off', async () => {
    await save({ profitProtectionEnabled: false, targetProfit: 10, maxLoss: -10 });
    await h.tick({ [CE]: 500 });
    await h.tick({ [CE]: 1 });
    expect(h.exchange.placeCalls).toHaveLength(0);
    expect(h.exchange.cancelledOrders).toEqual([]);
    expect(h.notifications).toEqual([]);
  });

  it('stops watching when switched off after being on', async () => {
    await save({ targetProfit: 1000 });
    await save({ profitProtectionEnabled: false, targetProfit: 1000 });
    await h.tick({ [CE]: 200 });
    expect(h.exchange.placeCalls).toHaveLength(0);
  });

  it('counts and exits intraday positions only; normal (NRML) positions are left alone', async () => {
    // A big NRML loss must neither count towards the MTM nor be squared off.
    h.exchange.setPosition(user.id, { tradingSymbol: PE, quantity: 750, price: 200, product: 'normal' });
    await h.tick({ [PE]: 200 });
    await save({ maxLoss: -2000 });
    await h.tick({ [PE]: 100 }); // NRML -75,000
    expect(h.exchange.placeCalls).toHaveLength(0);
    await h.tick({ [CE]: 70 }); // intraday -2250
    expect(h.exchange.placeCalls.map((c) => c.position.tradingSymbol)).toEqual([CE]);
    expect(h.exchange.position(user.id, PE, 'normal')?.quantity).toBe(750);
  });

  it('re-reads positions on order activity, so a new position counts at once', async () => {
    await save({ maxLoss: -2000 });
    h.exchange.setPosition(user.id, { tradingSymbol: PE, quantity: -150, price: 50 });
    await h.exchange.cancelOpenOrders(user.id); // any order activity
    await h.idle();
    await h.tick({ [PE]: 63.4 }); // short 150 from 50: -2010; the CE is still at cost
    expect(h.exchange.placeCalls.map((c) => c.position.tradingSymbol).sort()).toEqual([PE, CE].sort());
    expect(h.exchange.position(user.id, PE)?.quantity).toBe(0);
  });

  it('re-reads positions when told to (a funds reset clears them without order activity)', async () => {
    await save({ maxLoss: -2000 });
    h.exchange.setPosition(user.id, { tradingSymbol: CE, quantity: 0, price: 100 });
    await h.risk.monitor.refresh(user.id);
    await h.tick({ [CE]: 10 });
    expect(h.exchange.placeCalls).toHaveLength(0);
  });

  it('uses the practice view for practice users', async () => {
    h.views.set(user.id, 'practice');
    await h.tick({ [CE]: 100 }, 'practice');
    await save({ maxLoss: -2000 });
    await h.tick({ [CE]: 10 }, 'live');
    expect(h.exchange.placeCalls).toHaveLength(0);
    await h.tick({ [CE]: 70 }, 'practice');
    expect(h.exchange.placeCalls).toHaveLength(1);
  });
});
