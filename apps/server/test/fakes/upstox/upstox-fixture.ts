import type { ActiveBroker } from '@xtrader/core/api/auth';
import { silentLogger } from '../../../src/logger';
import type { BrokerSession, PlaceOrderCommand } from '../../../src/modules/brokers/broker';
import type { LiveBrokerPlugin } from '../../../src/modules/brokers/live/plugin';
import { createUpstoxPlugin } from '../../../src/modules/brokers/upstox/plugin';
import { createCredentialVault } from '../../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import { createFakeClock } from '../../helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../helpers/fake-instruments';
import { createTestStore } from '../../helpers/test-store';
import { insertUserRow } from '../../helpers/user-rows';
import { FakeUpstox } from './fake-upstox';

// The Upstox plugin on its fake, with an instrument directory of a NIFTY call, put and future that the fake's
// master lists (and one call it does not), for the adapter-level tests.

export const REDIRECT_URL = 'https://app.example/redirect/upstox';

const EXPIRY = '2026-12-29';
export const NIFTY_CALL = optionRecord('NIFTY', EXPIRY, 26000, 'CE');
export const NIFTY_PUT = optionRecord('NIFTY', EXPIRY, 26000, 'PE');
export const UNLISTED_CALL = optionRecord('NIFTY', EXPIRY, 27000, 'CE');
export const NIFTY_FUTURE: InstrumentRecord = {
  ...NIFTY_CALL,
  internalToken: '990001',
  tradingsymbol: 'NIFTY26DECFUT',
  strike: 0,
  instrument_type: 'FUT',
  identifier: 'NIFTY 29 DEC FUT',
  segment: 'NFO-FUT',
};

export interface UpstoxFixtureOptions {
  app?: { appKey: string; appSecret: string | undefined } | null;
  algoId?: string;
  /** How often the order book is polled while the stream is down (default 30 ms). */
  pollMs?: number;
  /** Also hears the plugin's status changes (a price stream's refresh). */
  onStatus?: (userId: string) => void;
}

export async function createUpstoxFixture(options: UpstoxFixtureOptions = {}) {
  const upstox = await FakeUpstox.start();
  const [callKey, putKey, futureKey] = upstox.listContracts([NIFTY_CALL, NIFTY_PUT, NIFTY_FUTURE]) as [
    string,
    string,
    string,
  ];
  const store = await createTestStore();
  const clock = createFakeClock(Date.UTC(2026, 11, 21, 5, 0)); // Monday 10:30 IST
  const links = new Map<string, { broker: ActiveBroker; clientId: string }>();
  const statusChanges: string[] = [];
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin: LiveBrokerPlugin = createUpstoxPlugin({
    vault,
    accounts: {
      activeBrokerOf: async (userId) => links.get(userId)?.broker ?? null,
      linkBroker: async (userId, broker, clientId) => void links.set(userId, { broker, clientId }),
    },
    clock,
    logger: silentLogger(),
    onStatus: (userId) => {
      statusChanges.push(userId);
      options.onStatus?.(userId);
    },
    db: store.db,
    directory: new FakeInstruments([NIFTY_CALL, NIFTY_PUT, UNLISTED_CALL, NIFTY_FUTURE]),
    settings: {
      baseUrl: upstox.baseUrl,
      app:
        options.app === null
          ? undefined
          : (options.app ?? { appKey: upstox.appKey, appSecret: upstox.appSecret }),
      algoId: options.algoId,
    },
    pollMs: options.pollMs ?? 30,
  });
  const addUser = () => insertUserRow(store.db, { name: 'Upstox Trader', now: clock.now() });

  return {
    upstox,
    plugin,
    vault,
    clock,
    links,
    statusChanges,
    keys: { call: callKey, put: putKey, future: futureKey },
    addUser,
    /** A user logged in through the dialog, with their session. */
    async loggedIn() {
      const userId = await addUser();
      await plugin.completeLogin(userId, { code: upstox.issueCode(REDIRECT_URL, 'UP1234') }, REDIRECT_URL);
      return { userId, session: (await plugin.sessionFor(userId)) as BrokerSession };
    },
    /** A buy of one NIFTY call lot, with `change` on top. */
    command(change: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand {
      return {
        clientOrderId: 'XT0123456789-1',
        tradingSymbol: NIFTY_CALL.tradingsymbol,
        internalToken: NIFTY_CALL.internalToken,
        exchange: 'NFO',
        side: 'buy',
        quantity: 65,
        product: 'normal',
        orderType: 'limit',
        price: 100,
        ...change,
      };
    },
    async close() {
      plugin.close();
      await upstox.close();
      await store.close();
    },
  };
}

export type UpstoxFixture = Awaited<ReturnType<typeof createUpstoxFixture>>;
