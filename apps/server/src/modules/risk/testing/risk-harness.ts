import type { ProfitProtection, ProfitProtectionStatus } from '@xtrader/core/api/profit-protection';
import type { LightMyRequestResponse } from 'fastify';
import { authHeader, createTestUser } from '../../../../test/helpers/auth';
import { FakeMarketData } from '../../../../test/helpers/fake-market-data';
import { createTestResources, type TestResources } from '../../../../test/helpers/test-app';
import type { BusEvents } from '../../../bus/bus';
import { buildApp } from '../../../http/app';
import type { ApiApp } from '../../../http/types';
import type { StoreDialect } from '../../../store/open-store';
import { createAuthModule } from '../../auth/index';
import type { PriceSourceId, PriceView, SourcedPrices } from '../../market/contract';
import { singleSource } from '../../market/sourced-prices';
import { createRiskModule, type RiskModule } from '../index';
import type { KillSwitchOptions } from '../kill-switch';
import { FakeExchange } from './fake-exchange';

export interface RiskHarness {
  resources: TestResources;
  app: ApiApp;
  market: FakeMarketData;
  exchange: FakeExchange;
  risk: RiskModule;
  notifications: BusEvents['notification'][];
  /** Users' price views (default live). */
  views: Map<string, PriceView>;
  /** Users' price sources (default `sim`). */
  sources: Map<string, PriceSourceId>;
  /** A signed-up (so logged-in) user: id, token and the account's credentials. */
  user(): Promise<{ id: string; token: string; email: string; passcode: string }>;
  get(token: string): Promise<ProfitProtectionStatus>;
  put(token: string, body: Partial<ProfitProtection>): Promise<LightMyRequestResponse>;
  /** Ticks prices in a view and waits until the monitor (and any square-off) is quiet. */
  tick(prices: Record<string, number>, view?: PriceView): Promise<void>;
  idle(): Promise<void>;
  /** Stops the app and builds a new one on the same store, market and exchange (a process restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const BASE_SETTINGS: ProfitProtection = {
  profitProtectionEnabled: true,
  targetProfit: 5000,
  maxLoss: -2000,
  profitTrailingEnabled: false,
  profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 500 },
  marketProtection: 0.02,
};

const FAST_KILL: Partial<KillSwitchOptions> = { settleTimeoutMs: 200, retryBackoffMs: 5 };

/**
 * The real app (auth + risk on a temp store, SQLite or PostgreSQL) with a scripted market and exchange behind the
 * risk module's ports.
 */
export async function createRiskHarness(
  options: {
    store?: StoreDialect;
    kill?: Partial<KillSwitchOptions>;
    /** Users' price sources over the scripted (shared) market; default: that market alone. */
    prices?: (market: FakeMarketData) => SourcedPrices;
  } = {},
): Promise<RiskHarness> {
  const resources = await createTestResources(options.store ? { store: options.store } : {});
  const market = new FakeMarketData(resources.clock.now);
  const exchange = new FakeExchange((symbol) => market.getQuote(symbol, 'live')?.lastPrice ?? 0);
  const views = new Map<string, PriceView>();
  const sources = new Map<string, PriceSourceId>();
  const prices = options.prices?.(market) ?? singleSource(market);
  const notifications: BusEvents['notification'][] = [];
  resources.bus.subscribe('notification', (message) => {
    notifications.push(message);
  });

  const build = async () => {
    const auth = createAuthModule(resources);
    const risk = createRiskModule(resources, {
      requireUser: auth.requireUser,
      marketData: market,
      prices,
      positions: exchange,
      pricesOf: async (userId) => ({
        source: sources.get(userId) ?? 'sim',
        view: views.get(userId) ?? 'live',
      }),
      activity: exchange,
      exits: exchange,
      loggedIn: auth.isLoggedIn,
      killSwitch: { options: { ...FAST_KILL, ...options.kill } },
    });
    const app = await buildApp(resources, [auth, risk]);
    await app.ready();
    return { app, risk };
  };

  const harness: RiskHarness = {
    resources,
    market,
    exchange,
    notifications,
    views,
    sources,
    ...(await build()),
    async user() {
      const { token, account } = await createTestUser(harness.app);
      const info = await harness.app.inject({
        method: 'GET',
        url: '/v1/options-x/auth/getUserInfo',
        headers: authHeader(token),
      });
      const { email, passcode } = account;
      return { id: info.json().data.user.id as string, token, email, passcode };
    },
    async get(token) {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/v1/options-x/profit-protection',
        headers: authHeader(token),
      });
      if (response.statusCode !== 200) throw new Error(`GET failed: ${response.body}`);
      return response.json().data as ProfitProtectionStatus;
    },
    put: (token, body) =>
      harness.app.inject({
        method: 'PUT',
        url: '/v1/options-x/profit-protection',
        headers: authHeader(token),
        payload: { ...BASE_SETTINGS, ...body },
      }),
    async tick(prices, view = 'live') {
      market.push(view, prices);
      await harness.idle();
    },
    async idle() {
      await new Promise((resolve) => setImmediate(resolve));
      await harness.risk.monitor.idle();
    },
    async restart() {
      await harness.app.close();
      Object.assign(harness, await build());
    },
    async close() {
      await harness.app.close();
      await resources.close();
    },
  };
  return harness;
}
