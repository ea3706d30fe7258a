import { DEFAULT_PROFIT_PROTECTION, PROFIT_PROTECTION_MESSAGES } from '@xtrader/core/api/profit-protection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import { BASE_SETTINGS, createRiskHarness, type RiskHarness } from './testing/risk-harness';

const CE = 'NIFTY25D0926000CE';

describeEachStore('GET/PUT /profit-protection', (store) => {
  let h: RiskHarness;
  let user: { id: string; token: string };

  beforeAll(async () => {
    h = await createRiskHarness({ store });
    user = await h.user();
    // Total intraday P&L now: 75 x (120 - 100) = 1500.
    h.exchange.setPosition(user.id, { tradingSymbol: CE, quantity: 75, price: 100 });
    await h.tick({ [CE]: 120 });
  });
  afterAll(() => h.close());

  it('answers defaults before the first Save, and 401 without a token', async () => {
    expect(await h.get(user.token)).toEqual({
      ...DEFAULT_PROFIT_PROTECTION,
      savedMaxLoss: DEFAULT_PROFIT_PROTECTION.maxLoss,
      highWaterMark: 0,
      lastTrigger: null,
    });
    const anonymous = await h.app.inject({ method: 'GET', url: '/v1/options-x/profit-protection' });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('validation against the current total P&L', () => {
    it.each([
      [{ targetProfit: 1499 }, PROFIT_PROTECTION_MESSAGES.targetBelowPnl],
      [{ maxLoss: 1501 }, PROFIT_PROTECTION_MESSAGES.maxLossAbovePnl],
    ])('%j -> 400 %s', async (body, message) => {
      const response = await h.put(user.token, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
      expect((await h.get(user.token)).profitProtectionEnabled).toBe(false);
    });

    it('accepts a target and a max loss equal to the P&L', async () => {
      const response = await h.put(user.token, {
        targetProfit: 1500,
        maxLoss: 1500,
        profitProtectionEnabled: false,
      });
      expect(response.statusCode).toBe(200);
    });

    it('never refuses switching off', async () => {
      const response = await h.put(user.token, {
        profitProtectionEnabled: false,
        targetProfit: 0,
        maxLoss: 5000,
      });
      expect(response.statusCode).toBe(200);
    });
  });

  it.each([
    [{ targetProfit: 1000.5 }, 'targetProfit'],
    [{ marketProtection: 0.5 }, 'marketProtection'],
    [{ profitTrailingParams: { increaseInProfit: 0, trailMaxLoss: 100 } }, 'increaseInProfit'],
    [{ profitProtectionEnabled: 'yes' }, 'profitProtectionEnabled'],
  ])('bad input %j is a 400 naming %s', async (body, field) => {
    const response = await h.put(user.token, body as object);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('saves, says so, and returns the record with the saved max loss in force', async () => {
    const body = { ...BASE_SETTINGS, targetProfit: 4000, maxLoss: -1000, profitTrailingEnabled: true };
    const response = await h.put(user.token, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profit Protection parameters updated.',
    });
    const expected = { ...body, savedMaxLoss: -1000, highWaterMark: 1500, lastTrigger: null };
    expect(response.json().data).toEqual(expected);
    expect(await h.get(user.token)).toEqual(expected);
  });

  it('keeps each user to their own record', async () => {
    const other = await h.user();
    expect((await h.get(other.token)).profitProtectionEnabled).toBe(false);
  });
});
