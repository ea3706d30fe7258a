import { silentLogger } from '../../../src/logger';
import { createDhanPlugin } from '../../../src/modules/brokers/dhan/plugin';
import type { LiveBrokerPlugin } from '../../../src/modules/brokers/live/plugin';
import { type CredentialVault, createCredentialVault } from '../../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { Store } from '../../../src/store/open-store';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeDhan } from './fake-dhan';

/** The Dhan plugin on its fake with one NIFTY call listed at both ends (adapter-level tests). */
export interface DhanFixture {
  fake: FakeDhan;
  store: Store;
  clock: FakeClock;
  plugin: LiveBrokerPlugin;
  vault: CredentialVault;
  /** Our contract, listed in the fake's scrip master under `securityId`. */
  call: InstrumentRecord;
  securityId: string;
  /** Brokers each user was linked to, in order. */
  linked: Array<{ userId: string; broker: string; clientId: string }>;
  addUser(name?: string): Promise<string>;
  /** A user who went through Dhan's consent login. */
  loggedInUser(): Promise<string>;
  close(): Promise<void>;
}

export async function createDhanFixture(
  options: {
    /** False: the server has no Dhan app. */
    configured?: boolean;
    /** XT_DHAN_APP_KEY as given (default: the fake's `<app id>:<owner client id>`). */
    appKey?: string;
    /** Order-book polling interval (default 30 ms). */
    pollMs?: number;
    /** Hears the plugin's status changes (a price stream's refresh). */
    onStatus?: (userId: string) => void;
  } = {},
): Promise<DhanFixture> {
  const fake = await FakeDhan.start();
  const store = await createTestStore();
  const clock = createFakeClock(Date.now());
  const call = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');
  const [securityId] = fake.listContracts([call]) as [string];
  const linked: DhanFixture['linked'] = [];
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin = createDhanPlugin({
    vault,
    accounts: {
      activeBrokerOf: async () => 'DHAN',
      linkBroker: async (userId, broker, clientId) => {
        linked.push({ userId, broker, clientId });
      },
    },
    clock,
    logger: silentLogger(),
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    db: store.db,
    directory: new FakeInstruments([call]),
    settings: {
      baseUrl: fake.baseUrl,
      app:
        options.configured === false
          ? undefined
          : { appKey: options.appKey ?? fake.appKey, appSecret: fake.appSecret },
      algoId: undefined,
    },
    pollMs: options.pollMs ?? 30,
  });
  const addUser = (name = 'Dhan Trader') => insertUserRow(store.db, { name, now: clock.now() });
  return {
    fake,
    store,
    clock,
    plugin,
    vault,
    call,
    securityId,
    linked,
    addUser,
    async loggedInUser() {
      const userId = await addUser();
      const grant = await fake.login(await plugin.loginUrl(userId, 'http://xtrader.local/redirect/dhan'));
      await plugin.completeLogin(userId, grant, 'http://xtrader.local/redirect/dhan');
      return userId;
    },
    async close() {
      plugin.close();
      await fake.close();
      await store.close();
    },
  };
}
