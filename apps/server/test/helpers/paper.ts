import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { silentLogger } from '../../src/logger';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../../src/modules/brokers/broker';
import { PaperExchange } from '../../src/modules/brokers/paper/exchange';
import type { PaperSettings } from '../../src/modules/brokers/paper/exchange-core';
import type { InstrumentRecord } from '../../src/modules/instruments/contract';
import type { Store, StoreDialect } from '../../src/store/open-store';
import { createFakeClock, type FakeClock } from './fake-clock';
import { FakeInstruments, futureRecord, optionRecord } from './fake-instruments';
import { FakeMarketData } from './fake-market-data';
import { createTestStore } from './test-store';
import { insertUserRow } from './user-rows';

/** Contracts every paper test can trade (the fake clock starts on Monday 2026-11-23, 09:30 IST). */
export function paperInstruments() {
  return {
    niftyCe: optionRecord('NIFTY', '2026-11-24', 26000, 'CE'),
    niftyPe: optionRecord('NIFTY', '2026-11-24', 26000, 'PE'),
    niftyOtmCe: optionRecord('NIFTY', '2026-11-24', 27000, 'CE'),
    expiredCe: optionRecord('NIFTY', '2026-11-17', 26000, 'CE'),
    bankCe: optionRecord('BANKNIFTY', '2026-11-24', 59000, 'CE'),
    niftyFut: futureRecord('NIFTY', '2026-11-24', 'NIFTY26NOVFUT'),
  } satisfies Record<string, InstrumentRecord>;
}

export const DEFAULT_PAPER_SETTINGS: PaperSettings = {
  capital: 1_000_000,
  squareOffTime: () => ({ hour: 15, minute: 20 }),
  followsMarketHours: true,
};

export interface PaperFixture {
  store: Store;
  clock: FakeClock;
  market: FakeMarketData;
  instruments: FakeInstruments;
  contracts: ReturnType<typeof paperInstruments>;
  exchange: PaperExchange;
  /** A user row the paper tables can refer to. */
  addUser(): Promise<string>;
  /** Every update delivered to the user so far (subscribed on creation of the recorder). */
  record(userId: string): BrokerOrderUpdate[];
  /** Stops the exchange and starts a new one on the same store (a server restart). */
  restart(): Promise<PaperExchange>;
  close(): Promise<void>;
}

/** Every change of a test must have reached the store: a failed write is a bug, not a log line. */
function assertPersisted(exchange: PaperExchange): void {
  if (exchange.persistenceFailures > 0) {
    throw new Error(`${exchange.persistenceFailures} paper exchange write(s) failed during the test`);
  }
}

export async function createPaperFixture(
  kind: StoreDialect = 'sqlite',
  settings: Partial<PaperSettings> = {},
): Promise<PaperFixture> {
  const store = await createTestStore(kind);
  const clock = createFakeClock();
  const market = new FakeMarketData(clock.now);
  const contracts = paperInstruments();
  const instruments = new FakeInstruments(Object.values(contracts));
  const build = () =>
    new PaperExchange({
      db: store.db,
      clock,
      logger: silentLogger(),
      marketData: market,
      instruments,
      settings: { ...DEFAULT_PAPER_SETTINGS, ...settings },
    });
  const fixture: PaperFixture = {
    store,
    clock,
    market,
    instruments,
    contracts,
    exchange: build(),
    addUser: () =>
      insertUserRow(store.db, { name: 'Paper Trader', now: clock.now(), activeBroker: PRACTICE_BROKER_ID }),
    record(userId) {
      const updates: BrokerOrderUpdate[] = [];
      fixture.exchange.sessionFor(userId).onOrderUpdate((update) => updates.push(update));
      return updates;
    },
    async restart() {
      await fixture.exchange.close();
      assertPersisted(fixture.exchange);
      fixture.exchange = build();
      await fixture.exchange.start();
      return fixture.exchange;
    },
    async close() {
      await fixture.exchange.close();
      await store.close();
      assertPersisted(fixture.exchange);
    },
  };
  await fixture.exchange.start();
  return fixture;
}

export type OrderCommandBuilder = (overrides?: Partial<PlaceOrderCommand>) => PlaceOrderCommand;

/** A market buy of one NIFTY lot (65) of `contract`; tests override only what they vary. */
export const marketBuyOf =
  (contract: InstrumentRecord, clientOrderId = 'c'): OrderCommandBuilder =>
  (overrides = {}) => ({
    clientOrderId,
    tradingSymbol: contract.tradingsymbol,
    internalToken: contract.internalToken,
    exchange: 'NFO',
    side: 'buy',
    quantity: 65,
    product: 'normal',
    orderType: 'market',
    ...overrides,
  });

/** A paper fixture with one user and the NIFTY CE quoted at 100 (spot 26000): the start of most exchange tests. */
export async function createNiftyCeDesk(kind: StoreDialect, clientOrderId = 'c') {
  const f = await createPaperFixture(kind);
  const user = await f.addUser();
  const ce = f.contracts.niftyCe;
  f.market.set('practice', { [ce.tradingsymbol]: 100, 'NIFTY 50': 26000 });
  return { f, user, symbol: ce.tradingsymbol, cmd: marketBuyOf(ce, clientOrderId) };
}
