import { afterEach, describe, expect, it } from 'vitest';
import { FakeUpstox } from '../../../test/fakes/upstox/fake-upstox';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { optionRecord } from '../../../test/helpers/fake-instruments';
import { createTestStore } from '../../../test/helpers/test-store';
import { insertUserRow } from '../../../test/helpers/user-rows';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import type { BrokerSession } from '../brokers/broker';
import { createUpstoxPlugin } from '../brokers/upstox/plugin';
import { createCredentialVault } from '../brokers/vault';
import { InstrumentCatalog } from './catalog';
import { createInstrumentService } from './service';
import { createInstrumentStore } from './store';

// A linked broker switches the master source: with XT_INSTRUMENTS_SOURCE=auto and no CSV, a user's Upstox login
// loads Upstox's published master, the instrument master is rebuilt from its contracts, and a contract only Upstox
// lists (not in the generated master) is tradable at Upstox under Upstox's own instrument key.

const REDIRECT = 'https://app.example/redirect/upstox';
const FAR_CALL = optionRecord('NIFTY', '2026-12-29', 40_000, 'CE', { lot_size: 65 });
const NEAR_PUT = optionRecord('NIFTY', '2026-12-22', 26_000, 'PE', { lot_size: 65 });

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function setUp(fromBrokerMasters: boolean) {
  const upstox = await FakeUpstox.start();
  const [farKey] = upstox.listContracts([FAR_CALL, NEAR_PUT]) as [string, string];
  const store = await createTestStore();
  const clock = createFakeClock(Date.UTC(2026, 11, 21, 5, 0)); // Monday 10:30 IST
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
  const adopted: Promise<boolean>[] = [];
  const vault = createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(7) });
  const plugin = createUpstoxPlugin({
    vault,
    accounts: { activeBrokerOf: async () => 'UPSTOX', linkBroker: async () => undefined },
    clock,
    logger: silentLogger(),
    db: store.db,
    // As the live-brokers module hands it to plugins: the catalog, plus where a loaded broker master goes.
    directory: {
      byToken: (token) => catalog.byToken(token),
      bySymbol: (symbol) => catalog.bySymbol(symbol),
      isExpired: (instrument, now) => catalog.isExpired(instrument, now),
      adoptListed: (broker, contracts) => void adopted.push(service.adoptListed(broker, contracts)),
    },
    settings: {
      baseUrl: upstox.baseUrl,
      app: { appKey: upstox.appKey, appSecret: upstox.appSecret },
      algoId: undefined,
    },
    pollMs: 30,
  });
  cleanup.push(
    () => store.close(),
    () => upstox.close(),
    () => plugin.close(),
  );
  await service.refresh();
  const login = async () => {
    const userId = await insertUserRow(store.db, { name: 'Upstox Trader', now: clock.now() });
    await plugin.completeLogin(userId, { code: upstox.issueCode(REDIRECT, 'UP1234') }, REDIRECT);
    return (await plugin.sessionFor(userId)) as BrokerSession;
  };
  return { upstox, farKey, catalog, login, adopted, service };
}

describe("a linked broker's master as the instrument master", () => {
  it("lists the broker's contracts after a login and trades one under the broker's own key", async () => {
    const { upstox, farKey, catalog, login, adopted } = await setUp(true);
    expect(catalog.option('NIFTY', '2026-12-29', 'CE', 40_000)).toBeUndefined();
    const generatedStrikes = catalog.strikes('NIFTY', '2026-12-22', 'CE').length;
    expect(generatedStrikes).toBeGreaterThan(2);

    const session = await login();
    await expect.poll(() => adopted.length).toBeGreaterThan(0);
    await Promise.all(adopted);

    const far = catalog.option('NIFTY', '2026-12-29', 'CE', 40_000);
    expect(far).toMatchObject({ tradingsymbol: 'NIFTY26DEC40000CE', lot_size: 65, exchange: 'NFO' });
    // The generated chains stay as they were (same symbols and tokens); what Upstox lists beyond them is added.
    expect(catalog.strikes('NIFTY', '2026-12-22', 'CE')).toHaveLength(generatedStrikes);
    expect(catalog.option('NIFTY', '2026-12-22', 'PE', 26_000)?.tradingsymbol).toBe('NIFTY26D2226000PE');
    expect(catalog.indexOf('NIFTY')?.tradingsymbol).toBe('NIFTY 50');

    await session.placeOrder({
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: far!.tradingsymbol,
      internalToken: far!.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity: 65,
      product: 'normal',
      orderType: 'limit',
      price: 1,
    });
    expect(upstox.orders()).toMatchObject([{ instrumentId: farKey, quantity: 65 }]);
  });

  it('keeps the generated master when the setting is off', async () => {
    const { catalog, login, adopted } = await setUp(false);
    await login();
    // Upstox's master still loads (its orders need it), but the instrument master does not take it.
    await expect.poll(() => adopted.length).toBeGreaterThan(0);
    expect(await Promise.all(adopted)).not.toContain(true);
    expect(catalog.option('NIFTY', '2026-12-29', 'CE', 40_000)).toBeUndefined();
    expect(catalog.strikes('NIFTY', '2026-12-22', 'CE').length).toBeGreaterThan(2);
  });

  it('is on with XT_INSTRUMENTS_SOURCE=auto and no CSV or platform feed', () => {
    expect(loadConfig({}).instrumentsFromBrokers).toBe(true);
    expect(loadConfig({ XT_INSTRUMENTS_SOURCE: 'generated' }).instrumentsFromBrokers).toBe(false);
    expect(loadConfig({ XT_INSTRUMENTS_CSV: '/tmp/i.csv' }).instrumentsFromBrokers).toBe(false);
    expect(
      loadConfig({
        XT_PLATFORM_FEED_VENDOR: 'truedata',
        XT_PLATFORM_FEED_USER: 'u',
        XT_PLATFORM_FEED_PASSWORD: 'p',
      }).instrumentsFromBrokers,
    ).toBe(false);
  });
});
