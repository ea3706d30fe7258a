import type { LiveBrokerSettings } from '../../../src/config';
import { silentLogger } from '../../../src/logger';
import type { BrokerSession } from '../../../src/modules/brokers/broker';
import type { LiveBrokerPlugin } from '../../../src/modules/brokers/live/plugin';
import { type CredentialVault, createCredentialVault } from '../../../src/modules/brokers/vault';
import { createVortexPlugin } from '../../../src/modules/brokers/vortex/plugin';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeVortex } from './fake-vortex';

/** The Rupeezy plugin on its own (no app) against the fake, with a NIFTY call and a SENSEX put listed. */
export interface VortexFixture {
  vortex: FakeVortex;
  plugin: LiveBrokerPlugin;
  clock: FakeClock;
  vault: CredentialVault;
  niftyCall: InstrumentRecord;
  sensexPut: InstrumentRecord;
  linked: Array<{ userId: string; broker: string; clientId: string }>;
  addUser(): Promise<string>;
  /** A user logged in through the flow page; their session. */
  loggedInUser(): Promise<{ userId: string; session: BrokerSession }>;
  close(): Promise<void>;
}

export async function createVortexFixture(
  options: { configured?: boolean; pollMs?: number; onStatus?: (userId: string) => void } = {},
): Promise<VortexFixture> {
  const vortex = await FakeVortex.start();
  const store = await createTestStore();
  const clock = createFakeClock(Date.now());
  const niftyCall = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');
  const sensexPut = optionRecord('SENSEX', '2026-12-03', 85000, 'PE');
  vortex.listContracts([niftyCall, sensexPut]);
  const linked: VortexFixture['linked'] = [];
  const settings: LiveBrokerSettings = {
    baseUrl: vortex.baseUrl,
    app: options.configured === false ? undefined : { appKey: vortex.appKey, appSecret: vortex.appSecret },
    algoId: undefined,
  };
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin = createVortexPlugin({
    vault,
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    accounts: {
      activeBrokerOf: async () => 'VORTEX',
      linkBroker: async (userId, broker, clientId) => {
        linked.push({ userId, broker, clientId });
      },
    },
    clock,
    logger: silentLogger(),
    db: store.db,
    directory: new FakeInstruments([niftyCall, sensexPut]),
    settings,
    pollMs: options.pollMs ?? 30,
  });
  const addUser = () => insertUserRow(store.db, { name: 'Rupeezy Trader', now: clock.now() });
  return {
    vault,
    vortex,
    plugin,
    clock,
    niftyCall,
    sensexPut,
    linked,
    addUser,
    async loggedInUser() {
      const userId = await addUser();
      const grant = await vortex.login(await plugin.loginUrl(userId, 'http://app/redirect/vortex'), 'RZ1234');
      await plugin.completeLogin(userId, grant, 'http://app/redirect/vortex');
      return { userId, session: (await plugin.sessionFor(userId)) as BrokerSession };
    },
    async close() {
      plugin.close();
      await vortex.close();
      await store.close();
    },
  };
}
