import type { ActiveBroker } from '@xtrader/core/api/auth';
import { silentLogger } from '../../../src/logger';
import type { BrokerSession } from '../../../src/modules/brokers/broker';
import { createIiflService, type IiflService } from '../../../src/modules/brokers/iifl/service';
import type { BrokerContract } from '../../../src/modules/brokers/live-kit/instrument-master';
import { type CredentialVault, createCredentialVault } from '../../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { Store } from '../../../src/store/open-store';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeIifl } from './fake-iifl';

export const IIFL_APP_SECRET = 'iifl-app-secret';

/** The IIFL service on its fake, with one NIFTY call listed at both ends (its Kite symbol NIFTY26D0126000CE). */
export interface IiflFixture {
  fake: FakeIifl;
  store: Store;
  clock: FakeClock;
  service: IiflService;
  vault: CredentialVault;
  /** Our contract, listed in IIFL's NSEFO contract file under `instrumentId`. */
  call: InstrumentRecord;
  instrumentId: string;
  /** Our instrument master (tests add contracts IIFL does not list). */
  instruments: FakeInstruments;
  /** Each user's linked broker and client id. */
  links: Map<string, { broker: ActiveBroker; clientId: string }>;
  /** What IIFL's contract files handed to the instrument master (adoptListed), per load. */
  adopted: BrokerContract[][];
  addUser(name?: string): Promise<string>;
  /** A user who logged in with IIFL as `clientId`, and their session. */
  loggedIn(clientId?: string): Promise<{ userId: string; session: BrokerSession }>;
  close(): Promise<void>;
}

export async function createIiflFixture(
  options: {
    app?: { appKey: string; appSecret: string } | null;
    /** Hears the service's status changes (a price stream's refresh). */
    onStatus?: (userId: string) => void;
  } = {},
): Promise<IiflFixture> {
  const fake = await FakeIifl.start(IIFL_APP_SECRET);
  const store = await createTestStore();
  const clock = createFakeClock(Date.now());
  const call = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');
  const [instrumentId] = fake.listContracts([call]) as [string];
  const instruments = new FakeInstruments([call]);
  const links: IiflFixture['links'] = new Map();
  const adopted: BrokerContract[][] = [];
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(5) });
  const app = options.app === undefined ? { appKey: 'XTAPP', appSecret: IIFL_APP_SECRET } : options.app;
  const service = createIiflService({
    vault,
    accounts: {
      activeBrokerOf: async (userId) => links.get(userId)?.broker ?? null,
      linkBroker: async (userId, broker, clientId) => void links.set(userId, { broker, clientId }),
    },
    clock,
    logger: silentLogger(),
    db: store.db,
    directory: Object.assign(instruments, {
      adoptListed: (_broker: string, contracts: readonly BrokerContract[]) =>
        void adopted.push([...contracts]),
    }),
    settings: { apiUrl: fake.url, loginUrl: 'https://markets.example/', app: app ?? undefined },
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    pollMs: 30,
  });
  const addUser = (name = 'IIFL Trader') => insertUserRow(store.db, { name, now: clock.now() });
  return {
    fake,
    store,
    clock,
    service,
    vault,
    call,
    instrumentId,
    instruments,
    links,
    adopted,
    addUser,
    async loggedIn(clientId = '78816704') {
      const userId = await addUser();
      await service.completeLogin(userId, clientId, fake.issueAuthCode(clientId));
      return { userId, session: (await service.sessionFor(userId)) as BrokerSession };
    },
    async close() {
      service.close();
      await fake.close();
      await store.close();
    },
  };
}
