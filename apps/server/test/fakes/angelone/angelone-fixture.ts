import type { ActiveBroker } from '@xtrader/core/api/auth';
import { silentLogger } from '../../../src/logger';
import { createAngelOnePlugin } from '../../../src/modules/brokers/angelone/plugin';
import type { BrokerSession, PlaceOrderCommand } from '../../../src/modules/brokers/broker';
import type { LiveBrokerPlugin } from '../../../src/modules/brokers/live/plugin';
import { type CredentialVault, createCredentialVault } from '../../../src/modules/brokers/vault';
import type { Store } from '../../../src/store/open-store';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeAngelOne } from './fake-angelone';

/** The NIFTY call every Angel One adapter test trades, listed in the fake's scrip master. */
export const ANGEL_CALL = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');

export interface AngelOneFixture {
  angel: FakeAngelOne;
  store: Store;
  clock: FakeClock;
  vault: CredentialVault;
  plugin: LiveBrokerPlugin;
  /** The call's symbol token at the fake. */
  token: string;
  links: Map<string, { broker: ActiveBroker; clientId: string }>;
  addUser(): Promise<string>;
  loggedIn(clientId?: string): Promise<{ userId: string; session: BrokerSession }>;
  command(change?: Partial<PlaceOrderCommand>): PlaceOrderCommand;
  close(): Promise<void>;
}

/** The Angel One plugin on its fake, with a test store and a directory holding ANGEL_CALL. */
export async function createAngelOneFixture(
  options: { configured?: boolean; pollMs?: number; onStatus?: (userId: string) => void } = {},
): Promise<AngelOneFixture> {
  const angel = await FakeAngelOne.start();
  const [token] = angel.listContracts([ANGEL_CALL]) as [string];
  const store = await createTestStore();
  const clock = createFakeClock(Date.now());
  const links = new Map<string, { broker: ActiveBroker; clientId: string }>();
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin = createAngelOnePlugin({
    vault,
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    accounts: {
      activeBrokerOf: async (userId) => links.get(userId)?.broker ?? null,
      linkBroker: async (userId, broker, clientId) => void links.set(userId, { broker, clientId }),
    },
    clock,
    logger: silentLogger(),
    db: store.db,
    directory: new FakeInstruments([ANGEL_CALL]),
    settings: {
      baseUrl: angel.baseUrl,
      app: options.configured === false ? undefined : { appKey: angel.appKey, appSecret: undefined },
      algoId: undefined,
    },
    pollMs: options.pollMs ?? 30,
  });
  const addUser = () => insertUserRow(store.db, { name: 'Angel Trader', now: clock.now() });
  return {
    vault,
    angel,
    store,
    clock,
    plugin,
    token,
    links,
    addUser,
    async loggedIn(clientId = 'A1234567') {
      const userId = await addUser();
      const grant = await angel.login(await plugin.loginUrl(userId, angel.redirectUrl), clientId);
      await plugin.completeLogin(userId, grant, angel.redirectUrl);
      return { userId, session: (await plugin.sessionFor(userId)) as BrokerSession };
    },
    command: (change = {}) => ({
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: ANGEL_CALL.tradingsymbol,
      internalToken: ANGEL_CALL.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity: ANGEL_CALL.lot_size,
      product: 'normal',
      orderType: 'limit',
      price: 100,
      ...change,
    }),
    async close() {
      plugin.close();
      await angel.close();
      await store.close();
    },
  };
}
