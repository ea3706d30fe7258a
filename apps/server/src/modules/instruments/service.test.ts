import { istEpochMs } from '@xtrader/core/market/dates';
import { INDEX_TABLE } from '@xtrader/core/market/indices';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../test/helpers/fake-clock';
import { createTestStore } from '../../../test/helpers/test-store';
import { silentLogger } from '../../logger';
import type { Store } from '../../store/open-store';
import type { Quote } from '../market/contract';
import { InstrumentCatalog } from './catalog';
import { createInstrumentService, type InstrumentService } from './service';
import { createInstrumentStore } from './store';

// Monday 23 Nov 2026, 08:00 IST: before the day's pre-open refresh (08:45, 30 min before NFO's 09:15 open).
const NOW = istEpochMs('2026-11-23', 8, 0);

describe('instrument master rebuild', () => {
  let store: Store;
  let clock: FakeClock;
  let catalog: InstrumentCatalog;
  let spot: number;
  let held: string[];
  let service: InstrumentService;

  beforeEach(async () => {
    store = await createTestStore('sqlite');
    clock = createFakeClock(NOW);
    catalog = new InstrumentCatalog();
    spot = 26_000;
    held = [];
    const quote = (symbol: string): Quote | undefined =>
      symbol === INDEX_TABLE.NIFTY.displayName
        ? {
            symbol,
            lastPrice: spot,
            netChange: 0,
            open: spot,
            high: spot,
            low: spot,
            close: spot,
            ts: clock.now(),
          }
        : undefined;
    service = createInstrumentService({
      catalog,
      store: createInstrumentStore(store.db),
      clock,
      logger: silentLogger(),
      csvSource: undefined,
      quotes: { getQuote: quote },
      heldSymbols: () => held,
    });
  });
  afterEach(async () => {
    await store.close();
  });

  /** The lowest listed NIFTY call strike of the nearest expiry. */
  const lowestCall = () => {
    const [expiry] = catalog.optionExpiries('NIFTY', clock.now());
    const strikes = catalog.strikes('NIFTY', expiry!, 'CE');
    return catalog.option('NIFTY', expiry!, 'CE', strikes[0]!)!;
  };

  it('keeps held unexpired contracts when the spot moved away from them, and drops the others', async () => {
    await service.refresh();
    const heldCall = lowestCall();
    const otherPut = catalog.option('NIFTY', heldCall.expiry!, 'PE', heldCall.strike)!;
    held = [heldCall.tradingsymbol, 'NOT-A-CONTRACT'];

    spot = 30_000; // the strikes around the new spot no longer reach the held call's
    await service.refresh();
    const step = INDEX_TABLE.NIFTY.strikeStep;
    expect(catalog.option('NIFTY', heldCall.expiry!, 'CE', heldCall.strike + step)).toBeUndefined();
    expect(catalog.bySymbol(heldCall.tradingsymbol)).toMatchObject({ internalToken: heldCall.internalToken });
    expect(catalog.strikes('NIFTY', heldCall.expiry!, 'CE')).toContain(heldCall.strike);
    expect(catalog.bySymbol(otherPut.tradingsymbol)).toBeUndefined();
    expect(catalog.bySymbol('NOT-A-CONTRACT')).toBeUndefined();

    // Once it has expired it goes, held or not.
    clock.set(istEpochMs(heldCall.expiry!, 15, 31));
    await service.refresh();
    expect(catalog.bySymbol(heldCall.tradingsymbol)).toBeUndefined();
  });

  it('is due again each day shortly before the open, when the broker publishes the new master', () => {
    const night = service.masterVersion();
    clock.set(istEpochMs('2026-11-23', 8, 44));
    expect(service.masterVersion()).toBe(night);
    clock.set(istEpochMs('2026-11-23', 8, 45));
    expect(service.masterVersion()).not.toBe(night);
  });
});
