import type { ActiveBroker } from '@xtrader/core/api/auth';
import { silentLogger } from '../../../src/logger';
import type { BrokerSession, PlaceOrderCommand } from '../../../src/modules/brokers/broker';
import { createFlattradePlugin } from '../../../src/modules/brokers/flattrade/plugin';
import type { LiveBrokerPlugin } from '../../../src/modules/brokers/live/plugin';
import { type CredentialVault, createCredentialVault } from '../../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { Store } from '../../../src/store/open-store';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeFlattrade } from './fake-flattrade';

// The Flattrade plugin on its own (no HTTP app) against the fake: a store, a vault, our instrument master with a
// NIFTY call and a SENSEX put, both listed in the fake's scrip master.

export const FLATTRADE_CLIENT = 'FT012345';

export interface FlattradeFixture {
  fake: FakeFlattrade;
  store: Store;
  clock: FakeClock;
  vault: CredentialVault;
  plugin: LiveBrokerPlugin;
  links: Map<string, { broker: ActiveBroker; clientId: string }>;
  call: InstrumentRecord;
  sensexPut: InstrumentRecord;
  addUser(): Promise<string>;
  /** A user who logged in at the fake and whose code was exchanged. */
  loggedIn(): Promise<{ userId: string; session: BrokerSession }>;
  /** A resting buy limit of `call` at 90 (quantity in units). */
  command(change?: Partial<PlaceOrderCommand>): PlaceOrderCommand;
  close(): Promise<void>;
}

export async function createFlattradeFixture(
  options: {
    configured?: boolean;
    unlisted?: InstrumentRecord[];
    pollMs?: number;
    onStatus?: (userId: string) => void;
  } = {},
): Promise<FlattradeFixture> {
  const fake = await FakeFlattrade.start();
  const store = await createTestStore();
  const clock = createFakeClock();
  const call = optionRecord('NIFTY', '2026-11-24', 26000, 'CE');
  const sensexPut = optionRecord('SENSEX', '2026-11-26', 81000, 'PE');
  fake.listContracts([call, sensexPut]);
  const links = new Map<string, { broker: ActiveBroker; clientId: string }>();
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin = createFlattradePlugin({
    vault,
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    accounts: {
      activeBrokerOf: async (userId) => links.get(userId)?.broker ?? null,
      linkBroker: async (userId, broker, clientId) => void links.set(userId, { broker, clientId }),
    },
    clock,
    logger: silentLogger(),
    db: store.db,
    directory: new FakeInstruments([call, sensexPut, ...(options.unlisted ?? [])]),
    settings: {
      baseUrl: fake.baseUrl,
      app: options.configured === false ? undefined : { appKey: fake.appKey, appSecret: fake.appSecret },
      algoId: undefined,
    },
    pollMs: options.pollMs ?? 30,
  });
  const addUser = () => insertUserRow(store.db, { name: 'Flattrade Trader', now: clock.now() });
  return {
    vault,
    fake,
    store,
    clock,
    plugin,
    links,
    call,
    sensexPut,
    addUser,
    async loggedIn() {
      const userId = await addUser();
      const url = await plugin.loginUrl(userId, 'https://app.example/redirect/flattrade');
      await plugin.completeLogin(userId, await fake.login(url, FLATTRADE_CLIENT), url);
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
      price: 90,
      ...change,
    }),
    async close() {
      plugin.close();
      await fake.close();
      await store.close();
    },
  };
}
