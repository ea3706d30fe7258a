import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

// The real module graph: Practice Mode calls and portfolio reads reach the paper exchange through the registry.
describe('brokers and portfolio in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', path: string, token: string) =>
    t.app.inject({ method, url: `/v1/options-x${path}`, headers: authHeader(token) });

  it('gives a Practice Mode user paper funds and positions, and none after stop', async () => {
    const { token } = await createTestUser(t.app);
    expect((await call('GET', '/portfolio/margin', token)).statusCode).toBe(400);
    expect((await call('POST', '/broker/papertrading/start', token)).statusCode).toBe(200);
    const margin = await call('GET', '/portfolio/margin', token);
    expect(margin.json().data).toEqual({ total: 1_000_000, available: 1_000_000, utilized: 0, charges: 0 });
    const positions = await call('GET', '/portfolio/positions', token);
    expect(positions.json().data).toEqual({ positions: { netPosition: [], byIndex: {} } });
    const info = await call('GET', '/auth/getUserInfo', token);
    expect(info.json().data.user.activeBroker).toBe('PAPERTRADE');
    expect((await call('POST', '/broker/reconnect', token)).statusCode).toBe(200);
    expect((await call('POST', '/broker/papertrading/stop', token)).json().data).toEqual({
      activeBroker: null,
    });
    expect((await call('GET', '/portfolio/margin', token)).statusCode).toBe(400);
  });
});
