import type { ActiveBroker } from '@xtrader/core/api/auth';
import { silentLogger } from '../../../src/logger';
import { createFyersPlugin } from '../../../src/modules/brokers/fyers/plugin';
import type { LiveBrokerPlugin } from '../../../src/modules/brokers/live/plugin';
import { type CredentialVault, createCredentialVault } from '../../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { Store } from '../../../src/store/open-store';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeFyers } from './fake-fyers';

/** The Fyers plugin on its fake, with one NIFTY call listed in both masters. */
export interface FyersFixture {
  fyers: FakeFyers;
  store: Store;
  plugin: LiveBrokerPlugin;
  vault: CredentialVault;
  clock: FakeClock;
  call: InstrumentRecord;
  /** The user's broker link as the plugin set it. */
  links: Map<string, { broker: ActiveBroker; clientId: string }>;
  addUser(): Promise<string>;
  /** A user logged in at Fyers as `clientId`. */
  loggedInUser(clientId?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createFyersFixture(
  options: {
    configured?: boolean;
    now?: number;
    pollMs?: number;
    /** Hears the plugin's status changes (a price stream's refresh). */
    onStatus?: (userId: string) => void;
  } = {},
): Promise<FyersFixture> {
  const fyers = await FakeFyers.start();
  const store = await createTestStore();
  const clock = createFakeClock(options.now ?? Date.now());
  const call = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');
  fyers.listContracts([call]);
  const links = new Map<string, { broker: ActiveBroker; clientId: string }>();
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin = createFyersPlugin({
    vault,
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    accounts: {
      activeBrokerOf: async (userId) => links.get(userId)?.broker ?? null,
      linkBroker: async (userId, broker, clientId) => void links.set(userId, { broker, clientId }),
    },
    clock,
    logger: silentLogger(),
    db: store.db,
    directory: new FakeInstruments([call]),
    settings: {
      baseUrl: fyers.baseUrl,
      app: options.configured === false ? undefined : { appKey: fyers.appKey, appSecret: fyers.appSecret },
      algoId: undefined,
    },
    pollMs: options.pollMs ?? 30,
  });
  const addUser = () => insertUserRow(store.db, { name: 'Fyers Trader', now: clock.now() });
  return {
    fyers,
    store,
    plugin,
    vault,
    clock,
    call,
    links,
    addUser,
    async loggedInUser(clientId = 'XF12345') {
      const userId = await addUser();
      const url = await plugin.loginUrl(userId, 'https://app.example/redirect/fyers');
      await plugin.completeLogin(
        userId,
        await fyers.login(url, clientId),
        'https://app.example/redirect/fyers',
      );
      return userId;
    },
    async close() {
      plugin.close();
      await fyers.close();
      await store.close();
    },
  };
}
