import { createAuthModule } from '../../src/modules/auth/index';
import { type BrokersModule, createBrokersModule } from '../../src/modules/brokers/index';
import { viewOfActiveBroker } from '../../src/modules/market/index';
import { createPortfolioModule, type PortfolioModule } from '../../src/modules/portfolio/index';
import type { StoreDialect } from '../../src/store/open-store';
import { authHeader, createTestUser } from './auth';
import { FakeInstruments } from './fake-instruments';
import { FakeMarketData } from './fake-market-data';
import { paperInstruments } from './paper';
import { createTestApp, type TestApp } from './test-app';

export interface PaperApp extends TestApp {
  market: FakeMarketData;
  instruments: FakeInstruments;
  contracts: ReturnType<typeof paperInstruments>;
  brokers: BrokersModule;
  portfolio: PortfolioModule;
  /** A signed-up user: their token and id. */
  user(): Promise<{ token: string; id: string; headers: { authorization: string } }>;
}

/**
 * The app with the auth, brokers and portfolio modules on fake market data and instruments (test resources:
 * temp store, fake clock, market hours followed so square-off applies).
 */
export async function createPaperApp(
  store: StoreDialect = 'sqlite',
  env: Record<string, string> = {},
): Promise<PaperApp> {
  const contracts = paperInstruments();
  const instruments = new FakeInstruments(Object.values(contracts));
  let market: FakeMarketData | undefined;
  let brokers: BrokersModule | undefined;
  let portfolio: PortfolioModule | undefined;
  const t = await createTestApp({
    store,
    env: { XT_SIM_MARKET_HOURS: 'true', ...env },
    modules: (resources) => {
      market = new FakeMarketData(resources.clock.now);
      const auth = createAuthModule(resources);
      brokers = createBrokersModule(resources, {
        requireUser: auth.requireUser,
        marketData: market,
        instruments,
      });
      portfolio = createPortfolioModule({
        requireUser: auth.requireUser,
        registry: brokers.registry,
        marketData: market,
        instruments,
        viewOf: viewOfActiveBroker(brokers.links.activeBrokerOf),
      });
      return [auth, brokers, portfolio];
    },
  });
  if (!market || !brokers || !portfolio) throw new Error('modules were not built');
  return {
    ...t,
    market,
    instruments,
    contracts,
    brokers,
    portfolio,
    async user() {
      const { token } = await createTestUser(t.app);
      const info = await t.app.inject({
        method: 'GET',
        url: '/v1/options-x/auth/getUserInfo',
        headers: authHeader(token),
      });
      return { token, id: info.json().data.user.id as string, headers: authHeader(token) };
    },
  };
}
