import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, createTestUser } from '../../test/helpers/auth';
import {
  type ClusterInstance,
  type ClusterSpace,
  clusterServices,
  createClusterSpace,
  startClusterInstance,
} from '../../test/helpers/cluster-instance';
import { createFakeClock } from '../../test/helpers/fake-clock';
import { paperInstruments } from '../../test/helpers/paper';
import { BASE_SETTINGS } from '../modules/risk/testing/risk-harness';

// Profit protection moves with the user: armed through one instance while another ran the user's engine, it is
// watched by whichever instance owns the user, and after that owner dies the new owner fires the kill switch.

const contracts = paperInstruments();
const call = contracts.niftyCe;
const clock = createFakeClock();

describe.skipIf(!clusterServices)('profit protection across a failover', () => {
  let space: ClusterSpace;
  let a: ClusterInstance;
  let b: ClusterInstance;
  let headers: { authorization: string };
  let userId: string;

  const ask = (on: ClusterInstance, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    on.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });
  const netQuantity = async (on: ClusterInstance) => {
    const positions = (await ask(on, 'GET', '/portfolio/positions')).json().data.positions.netPosition;
    return positions.find((p: { tradingSymbol: string }) => p.tradingSymbol === call.tradingsymbol)?.quantity;
  };
  const tick = (price: number, ...on: ClusterInstance[]) => {
    for (const instance of on) instance.market.push('practice', { [call.tradingsymbol]: price });
  };

  beforeAll(async () => {
    space = createClusterSpace();
    a = await startClusterInstance(space, 'pp-a', clock, contracts);
    b = await startClusterInstance(space, 'pp-b', clock, contracts);
    tick(120, a, b);
    const { token } = await createTestUser(a.app);
    headers = authHeader(token);
    userId = (await ask(a, 'GET', '/auth/getUserInfo')).json().data.user.id;
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await space?.drop();
  });

  it('is armed through B on A, the owner; after A dies B squares the user off when the max loss is hit', async () => {
    expect((await ask(a, 'POST', '/broker/papertrading/start')).statusCode).toBe(200);
    const placed = await ask(a, 'POST', '/order', {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: 65,
      product: 'MIS',
      transactionType: 'buy',
      orderType: 'market',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await vi.waitFor(async () => expect(await netQuantity(a)).toBe(65), { timeout: 5000 });
    // Saved through B: forwarded to A, whose monitor watches it.
    const saved = await ask(b, 'PUT', '/profit-protection', { ...BASE_SETTINGS, maxLoss: -500 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(a.resources.ownership.owns(userId)).toBe(true);

    await a.crash();
    await vi.waitFor(() => expect(b.resources.ownership.owns(userId)).toBe(true), {
      timeout: 5000,
      interval: 50,
    });
    // 65 x (112 - 120) = -520: below the max loss. B's monitor fires and its order manager exits the position.
    await vi.waitFor(
      async () => {
        clock.advance(100);
        tick(112, b);
        expect(await netQuantity(b)).toBe(0);
      },
      { timeout: 8000, interval: 250 },
    );
    await vi.waitFor(
      async () => {
        const status = (await ask(b, 'GET', '/profit-protection')).json().data;
        expect(status.lastTrigger).toMatchObject({ trigger: 'max_loss_hit', status: 'completed' });
      },
      { timeout: 5000 },
    );
  }, 30_000);
});
