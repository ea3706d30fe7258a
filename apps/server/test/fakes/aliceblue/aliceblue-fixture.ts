import type { ActiveBroker } from '@xtrader/core/api/auth';
import type { LiveBrokerSettings } from '../../../src/config';
import { silentLogger } from '../../../src/logger';
import { createAliceBluePlugin } from '../../../src/modules/brokers/aliceblue/plugin';
import type { BrokerSession, PlaceOrderCommand } from '../../../src/modules/brokers/broker';
import type { LiveBrokerPlugin } from '../../../src/modules/brokers/live/plugin';
import { type CredentialVault, createCredentialVault } from '../../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { Store } from '../../../src/store/open-store';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeAliceBlue } from './fake-aliceblue';

/** AliceBlue's plugin on a fresh store, pointed at a fake open-api that lists one NIFTY call. */
export interface AliceBlueFixture {
  alice: FakeAliceBlue;
  store: Store;
  clock: FakeClock;
  vault: CredentialVault;
  plugin: LiveBrokerPlugin;
  /** The NIFTY call the fake lists, and its AliceBlue token. */
  call: InstrumentRecord;
  token: string;
  links: Map<string, { broker: ActiveBroker; clientId: string }>;
  addUser(): Promise<string>;
  /** A user logged in through the checksum exchange, and their session. */
  loggedIn(aliceUserId?: string): Promise<{ userId: string; session: BrokerSession }>;
  command(change?: Partial<PlaceOrderCommand>): PlaceOrderCommand;
  close(): Promise<void>;
}

export async function createAliceBlueFixture(
  settings: Partial<LiveBrokerSettings> = {},
  options: {
    pollMs?: number;
    feedRetryMs?: number;
    feed?: boolean;
    onStatus?: (userId: string) => void;
  } = {},
): Promise<AliceBlueFixture> {
  const alice = await FakeAliceBlue.start();
  alice.feedEnabled = options.feed ?? false;
  const store = await createTestStore();
  const clock = createFakeClock(Date.now());
  const call = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');
  const [token] = alice.listContracts([call]) as [string];
  const links = new Map<string, { broker: ActiveBroker; clientId: string }>();
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin = createAliceBluePlugin({
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
      baseUrl: alice.baseUrl,
      app: { appKey: alice.appKey, appSecret: alice.appSecret },
      algoId: 'ALGO7',
      ...settings,
    },
    pollMs: options.pollMs ?? 30,
    feedRetryMs: options.feedRetryMs ?? 50,
  });
  const addUser = () => insertUserRow(store.db, { name: 'AliceBlue Trader', now: clock.now() });
  return {
    vault,
    alice,
    store,
    clock,
    plugin,
    call,
    token,
    links,
    addUser,
    async loggedIn(aliceUserId = 'AB1234') {
      const userId = await addUser();
      await plugin.completeLogin(
        userId,
        { authCode: alice.issueAuthCode(aliceUserId), clientId: aliceUserId },
        'https://app.example/redirect/aliceblue',
      );
      return { userId, session: (await plugin.sessionFor(userId)) as BrokerSession };
    },
    command: (change = {}) => ({
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: call.tradingsymbol,
      internalToken: call.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity: call.lot_size,
      product: 'normal',
      orderType: 'limit',
      price: 100,
      ...change,
    }),
    async close() {
      plugin.close();
      await alice.close();
      await store.close();
    },
  };
}
