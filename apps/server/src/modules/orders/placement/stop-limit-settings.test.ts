import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createModules } from '../../index';
import type { OrdersModule } from '../index';

// The real module graph: the trigger/limit difference a user saves in settings is the one stop-limit orders use.
describe('trigger/limit difference in the app', () => {
  let t: TestApp;
  let orders: OrdersModule;
  beforeAll(async () => {
    t = await createTestApp({
      modules: (resources) => {
        const all = createModules(resources);
        orders = all.find((module) => module.name === 'orders') as OrdersModule;
        return all;
      },
    });
  });
  afterAll(() => t.close());

  it('reads the saved SLTriggerPriceDifference of the index', async () => {
    const { token } = await createTestUser(t.app);
    const headers = authHeader(token);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/options-x/auth/editUserSetting',
      headers,
      payload: { SLTriggerPriceDifference: { BANKNIFTY: 2.5 } },
    });
    expect(saved.statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/v1/options-x/auth/getUserInfo', headers });
    const userId = info.json().data.user.id as string;
    expect(await orders.context.stopLimitOffsetFor?.(userId, 'BANKNIFTY')).toBe(2.5);
    expect(await orders.context.stopLimitOffsetFor?.(userId, 'NIFTY')).toBe(1);
  });
});
