import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createModules } from '../../index';

const API = '/v1/options-x';

// The real module graph: discipline rules saved in the user settings refuse POST /order and show in GET /discipline.
describe('discipline rules in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: (resources) => createModules(resources) });
  });
  afterAll(() => t.close());

  it('are off by default, validated when saved, and refuse a market order when the switch is on', async () => {
    const { token } = await createTestUser(t.app);
    const headers = authHeader(token);
    const info = await t.app.inject({ method: 'GET', url: `${API}/auth/getUserInfo`, headers });
    expect(info.json().data.settings.discipline).toEqual({
      maxTradesPerDay: null,
      maxLossPerDay: null,
      coolDownMinutes: null,
      noNewPositionsAfter: null,
      noMarketOrders: false,
    });
    await t.app.inject({ method: 'POST', url: `${API}/broker/papertrading/start`, headers });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/editUserSetting`,
      headers,
      payload: { discipline: { noNewPositionsAfter: '25:00', maxTradesPerDay: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    // An order before the rule: the guard reads (and keeps) the rules with the switch off.
    const before = await t.app.inject({
      method: 'POST',
      url: `${API}/order`,
      headers,
      payload: {
        exchange: 'NFO',
        internalToken: 'any',
        quantity: 75,
        transactionType: 'buy',
        product: 'MIS',
        orderType: 'market',
      },
    });
    expect(before.json().message).not.toContain('Market orders are switched off');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/editUserSetting`,
      headers,
      payload: { discipline: { noMarketOrders: true, maxTradesPerDay: 5 } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.discipline).toMatchObject({ noMarketOrders: true, maxTradesPerDay: 5 });

    // Saving dropped the kept copy: the next order is refused at once.
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API}/order`,
      headers,
      payload: {
        exchange: 'NFO',
        internalToken: 'any',
        quantity: 75,
        transactionType: 'buy',
        product: 'MIS',
        orderType: 'market',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Market orders are switched off in your settings: use a limit order');

    const status = await t.app.inject({ method: 'GET', url: `${API}/discipline`, headers });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ tradesToday: 0, locked: false, holds: [] });
  });
});
