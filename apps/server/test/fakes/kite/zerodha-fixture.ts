import { randomUUID } from 'node:crypto';
import type { ActiveBroker } from '@xtrader/core/api/auth';
import { silentLogger } from '../../../src/logger';
import type { BrokerOrderUpdate } from '../../../src/modules/brokers/broker';
import {
  type AccountLinks,
  type CredentialVault,
  createCredentialVault,
} from '../../../src/modules/brokers/vault';
import type { TickerPrices } from '../../../src/modules/brokers/zerodha/connections';
import { createZerodhaService, type ZerodhaService } from '../../../src/modules/brokers/zerodha/service';
import type { Store } from '../../../src/store/open-store';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeKite, type FakeKiteApp } from './fake-kite';

// A Zerodha service wired to the fake Kite, a real store and vault, and an in-memory stand-in for the accounts
// module. Contract tests drive it the way the routes and the order engine do.

export const NIFTY_CE = { tradingsymbol: 'NIFTY26D0126000CE', instrument_token: 12073986, exchange: 'NFO' };
export const NIFTY_FUT = { tradingsymbol: 'NIFTY26DECFUT', instrument_token: 13238786, exchange: 'NFO' };
export const NIFTY_INDEX = { tradingsymbol: 'NIFTY 50', instrument_token: 256265, exchange: 'NSE' };

export interface ZerodhaFixture {
  kite: FakeKite;
  store: Store;
  clock: FakeClock;
  vault: CredentialVault;
  links: Map<string, { broker: ActiveBroker; clientId: string }>;
  service: ZerodhaService;
  /** Another service on the same store and fake Kite (a restarted server process). */
  restartedService(): ZerodhaService;
  app: FakeKiteApp;
  statusChanges: string[];
  addUser(): Promise<string>;
  /** A user with stored credentials who completed the Kite login. */
  loggedInUser(): Promise<string>;
  /** Collects the order updates of a user's session. */
  updatesOf(userId: string): Promise<BrokerOrderUpdate[]>;
  close(): Promise<void>;
}

export async function createZerodhaFixture(
  options: { prices?: TickerPrices; algoId?: string } = {},
): Promise<ZerodhaFixture> {
  const kite = await FakeKite.start({
    instruments: [NIFTY_CE, NIFTY_FUT, NIFTY_INDEX],
    heartbeatMs: 100,
  });
  const app = { apiKey: `key${randomUUID().slice(0, 8)}`, apiSecret: 'app-secret-value' };
  kite.registerApp(app);
  const store = await createTestStore();
  const clock = createFakeClock(Date.now());
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(9) });
  const links = new Map<string, { broker: ActiveBroker; clientId: string }>();
  const accounts: AccountLinks = {
    activeBrokerOf: async (userId) => links.get(userId)?.broker ?? null,
    linkBroker: async (userId, broker, clientId) => void links.set(userId, { broker, clientId }),
  };
  const statusChanges: string[] = [];
  const services: ZerodhaService[] = [];
  const newService = () => {
    const created = createZerodhaService({
      vault,
      accounts,
      clock,
      logger: silentLogger(),
      settings: {
        apiUrl: kite.url,
        loginUrl: kite.loginUrl,
        tickerUrl: kite.tickerUrl,
        algoId: options.algoId,
      },
      tickerTiming: { minDelayMs: 30, maxDelayMs: 200, silenceMs: 2000 },
      onStatus: (userId) => statusChanges.push(userId),
      ...(options.prices ? { prices: options.prices } : {}),
    });
    services.push(created);
    return created;
  };
  const service = newService();

  const addUser = () => insertUserRow(store.db, { name: 'Kite Trader', now: clock.now() });

  return {
    kite,
    store,
    clock,
    vault,
    links,
    service,
    restartedService: newService,
    app,
    statusChanges,
    addUser,
    async loggedInUser() {
      const userId = await addUser();
      await service.saveCredentials(userId, app.apiKey, app.apiSecret);
      await service.completeLogin(userId, kite.issueRequestToken(app.apiKey));
      return userId;
    },
    async updatesOf(userId) {
      const updates: BrokerOrderUpdate[] = [];
      (await service.sessionFor(userId))?.onOrderUpdate((update) => updates.push(update));
      return updates;
    },
    async close() {
      for (const each of services) each.close();
      await kite.close();
      await store.close();
    },
  };
}

/** Resolves once `check` passes (polling), or fails with its last error. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
