import type { BrokerKey } from '@xtrader/core/api/brokers';
import { afterEach, describe, expect, it } from 'vitest';
import { createAliceBlueFixture } from '../../../../test/fakes/aliceblue';
import { ANGEL_CALL, createAngelOneFixture } from '../../../../test/fakes/angelone';
import { createDhanFixture } from '../../../../test/fakes/dhan';
import { createFlattradeFixture } from '../../../../test/fakes/flattrade';
import { createFyersFixture } from '../../../../test/fakes/fyers/fyers-fixture';
import { eventually } from '../../../../test/fakes/kite';
import { createUpstoxFixture, NIFTY_CALL } from '../../../../test/fakes/upstox';
import { createVortexFixture } from '../../../../test/fakes/vortex';
import type { FakeClock } from '../../../../test/helpers/fake-clock';
import { type OwnPriceStreams, startOwnPriceStreams } from '../../../../test/helpers/own-price-streams';
import type { InstrumentRecord } from '../../instruments/contract';
import type { CredentialVault } from '../vault';
import type { LiveBrokerPlugin } from './plugin';

// Contract, per plugged broker: a user's source ticks from their own broker, through the market-data mechanism the
// broker documents (its quote endpoint polled, or its price socket, with the user's session, as the broker's fake
// answers it); when the broker refuses the token the source ends (expired), it never falls back to simulated prices.

interface BrokerUnderTest {
  plugin: LiveBrokerPlugin;
  vault: CredentialVault;
  clock: FakeClock;
  contract: InstrumentRecord;
  login(): Promise<string>;
  setPrice(price: number): void;
  expire(): void;
  close(): Promise<void>;
}

type Start = (onStatus: (userId: string) => void) => Promise<BrokerUnderTest>;

const BROKERS: Array<[BrokerKey, Start]> = [
  [
    'upstox',
    async (onStatus) => {
      const f = await createUpstoxFixture({ onStatus });
      return {
        ...f,
        contract: NIFTY_CALL,
        login: async () => (await f.loggedIn()).userId,
        setPrice: (price) => f.upstox.setPrice(f.keys.call, price),
        // The day's session ends: the feed socket drops and the reconnection's authorize is refused.
        expire: () => {
          f.upstox.expireSessions();
          f.upstox.feed.dropAll();
        },
      };
    },
  ],
  [
    'dhan',
    async (onStatus) => {
      const f = await createDhanFixture({ onStatus });
      return {
        ...f,
        contract: f.call,
        login: () => f.loggedInUser(),
        setPrice: (price) => f.fake.setPrice(f.securityId, price),
        expire: () => f.fake.expireSessions(),
      };
    },
  ],
  [
    'fyers',
    async (onStatus) => {
      const f = await createFyersFixture({ onStatus });
      return {
        ...f,
        contract: f.call,
        login: () => f.loggedInUser(),
        setPrice: (price) => f.fyers.setPrice(`NSE:${f.call.tradingsymbol}`, price),
        expire: () => f.fyers.expireSessions(),
      };
    },
  ],
  [
    'vortex',
    async (onStatus) => {
      const f = await createVortexFixture({ onStatus });
      return {
        ...f,
        contract: f.niftyCall,
        login: async () => (await f.loggedInUser()).userId,
        setPrice: (price) => f.vortex.setPrice(f.niftyCall.tradingsymbol, price),
        // The session ends: the price socket drops and its reconnection is refused at the handshake.
        expire: () => {
          f.vortex.expireSessions();
          f.vortex.dropStreams();
        },
      };
    },
  ],
  [
    'angelone',
    async (onStatus) => {
      const f = await createAngelOneFixture({ onStatus });
      return {
        ...f,
        contract: ANGEL_CALL,
        login: async () => (await f.loggedIn()).userId,
        setPrice: (price) => f.angel.setPrice(f.token, price),
        // The day's session ends: SmartStream drops and the reconnection's handshake is refused (HTTP 401).
        expire: () => {
          f.angel.expireSessions();
          f.angel.smartStream.dropAll();
        },
      };
    },
  ],
  [
    'flattrade',
    async (onStatus) => {
      const f = await createFlattradeFixture({ onStatus });
      return {
        ...f,
        contract: f.call,
        login: async () => (await f.loggedIn()).userId,
        setPrice: (price) => f.fake.setPrice(f.call.tradingsymbol, price),
        // The day's session ends: the socket drops and the reconnection's login is refused.
        expire: () => {
          f.fake.expireSessions();
          f.fake.dropTouchlines();
        },
      };
    },
  ],
  [
    'aliceblue',
    async (onStatus) => {
      const f = await createAliceBlueFixture({}, { onStatus });
      return {
        ...f,
        contract: f.call,
        login: async () => (await f.loggedIn()).userId,
        setPrice: (price) => f.alice.prices.setPrice(`NFO|${f.token}`, price),
        // The day's session ends: the socket drops and the reconnection's login is refused.
        expire: () => {
          f.alice.expireSessions();
          f.alice.prices.dropAll();
        },
      };
    },
  ],
];

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function setUp(key: BrokerKey, start: Start) {
  let own: OwnPriceStreams | undefined;
  const broker = await start((userId) => void own?.streams.refresh(key, userId));
  own = await startOwnPriceStreams({ key, ...broker, contracts: [broker.contract] });
  cleanup.push(
    () => broker.close(),
    () => own?.close(),
  );
  return { broker, sources: own.sources };
}

describe.each(BROKERS)("%s: a user's own prices from their own session", (key, start) => {
  it('ticks from the broker, then ends (expired, no simulated fallback) when the broker refuses the token', async () => {
    const { broker, sources } = await setUp(key, start);
    const userId = await broker.login();
    const brokerId = broker.plugin.brokerId;
    const source = () => sources.sourceFor(userId, brokerId);
    await eventually(() => expect(source().state).not.toBe('ended'));
    expect(source().id).toBe(`${key}:${userId}`);
    const symbol = broker.contract.tradingsymbol;
    source().data.retain('socket', [symbol]);

    broker.setPrice(111.5);
    await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(111.5));
    expect(source().state).toBe('connected');
    broker.setPrice(112.25);
    await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(112.25));

    broker.expire();
    await eventually(() => expect(source().state).toBe('ended'), 5000);
    expect(source().id).toBe(`${key}:${userId}`);
    await eventually(async () => expect((await broker.vault.get(userId, key))?.status).toBe('expired'));
  });
});
