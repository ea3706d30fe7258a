import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestBus } from '../../../test/helpers/test-bus';
import { createTestStore } from '../../../test/helpers/test-store';
import type { Bus } from '../../bus/bus';
import { silentLogger } from '../../logger';
import { storedBrokerMasters } from '../brokers/live-kit/instrument-master';
import { InstrumentCatalog } from './catalog';
import type { ListedContract } from './listed-rows';
import { createInstrumentService } from './service';
import { shareListedContracts } from './shared-listed';
import { createInstrumentStore } from './store';

// Two instances of a cluster share one store and one bus. The one whose user loads a broker's master adopts it and
// says so; the other lists the broker's extra contract too, at once, without a user of its own at that broker; an
// instance starting later builds its first master with it. The same copy again rebuilds nothing.

const FAR_CALL: ListedContract & { instrumentId: string; tradingSymbol: string; exchange: string } = {
  instrumentId: 'NSE_FO|99001',
  tradingSymbol: 'NIFTY 40000 CE 29 DEC 26',
  exchange: 'NSE_FO',
  underlying: 'NIFTY',
  expiry: '2026-12-29',
  strike: 40_000,
  optionType: 'CE',
  lotSize: 65,
};

let store: Awaited<ReturnType<typeof createTestStore>>;
let bus: Bus;
const closers: Array<() => void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await bus.close();
  await store.close();
});

const clock = createFakeClock(Date.UTC(2026, 11, 21, 5, 0)); // Monday 10:30 IST

/** One instance's instrument master over the shared store. */
function masterOn(fromBrokerMasters: boolean) {
  const catalog = new InstrumentCatalog();
  const service = createInstrumentService({
    catalog,
    store: createInstrumentStore(store.db),
    clock,
    logger: silentLogger(),
    csvSource: undefined,
    quotes: { getQuote: () => undefined },
    fromBrokerMasters,
  });
  return { catalog, service };
}

function instance(id: string) {
  const { catalog, service } = masterOn(true);
  const shared = shareListedContracts({
    bus,
    instanceId: id,
    logger: silentLogger(),
    service,
    stored: (broker) => storedBrokerMasters(store.db, broker as 'upstox' | undefined),
  });
  const start = async () => {
    await shared.load();
    closers.push(shared.listen());
    await service.refresh();
  };
  return { catalog, service, shared, start };
}

/** What a broker master does once it downloaded the day's copy: keep it in the store. */
const storeCopy = (contracts: readonly ListedContract[]) =>
  store.db
    .insertInto('brokerInstrumentMasters')
    .values({ broker: 'upstox', fetchedAt: clock.now(), contracts: JSON.stringify(contracts) })
    .execute();

describe("linked brokers' masters across instances", () => {
  it("lists a broker's contracts on every instance once one instance loaded its master", async () => {
    store = await createTestStore();
    bus = await createTestBus();
    const a = instance('a');
    const b = instance('b');
    await a.start();
    await b.start();
    const far = () => ({
      a: a.catalog.option('NIFTY', '2026-12-29', 'CE', 40_000)?.tradingsymbol,
      b: b.catalog.option('NIFTY', '2026-12-29', 'CE', 40_000)?.tradingsymbol,
    });
    expect(far()).toEqual({ a: undefined, b: undefined });

    await storeCopy([FAR_CALL]);
    expect(await a.shared.adopt('upstox', [FAR_CALL])).toBe(true);
    await expect.poll(far).toEqual({ a: 'NIFTY26DEC40000CE', b: 'NIFTY26DEC40000CE' });
    // The same copy (B's own user loading Upstox's master later) changes nothing and is not announced again.
    expect(await b.shared.adopt('upstox', [FAR_CALL])).toBe(false);

    // An instance starting now builds its first master with the stored copy.
    const c = instance('c');
    await c.start();
    expect(c.catalog.option('NIFTY', '2026-12-29', 'CE', 40_000)?.lot_size).toBe(65);
  });

  it('builds without stored copies when the setting is off', async () => {
    store = await createTestStore();
    bus = await createTestBus();
    await storeCopy([FAR_CALL]);
    const { catalog, service } = masterOn(false);
    service.holdListed(await storedBrokerMasters(store.db));
    await service.refresh();
    expect(catalog.option('NIFTY', '2026-12-29', 'CE', 40_000)).toBeUndefined();
  });
});
