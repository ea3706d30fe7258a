import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../../../test/helpers/fake-instruments';
import { createTestStore } from '../../../../test/helpers/test-store';
import { silentLogger } from '../../../logger';
import type { Store } from '../../../store/open-store';
import { type BrokerContract, createBrokerInstrumentMaster } from './instrument-master';

// A live broker's instrument master: our contract -> the broker's id, refused when unlisted, kept for the day in
// the store, downloaded again after the next morning's publication.

const CALL = optionRecord('NIFTY', '2026-11-24', 26000, 'CE');
const PUT = optionRecord('NIFTY', '2026-11-24', 26000, 'PE');
const listed: BrokerContract = {
  instrumentId: 'NSE_FO|43919',
  tradingSymbol: 'NIFTY 26000 CE 24 NOV 26',
  exchange: 'NSE_FO',
  underlying: 'NIFTY',
  expiry: '2026-11-24',
  strike: 26000,
  optionType: 'CE',
  lotSize: 65,
};

let store: Store;
let downloads: number;
let failDownload: boolean;
let listing: BrokerContract[];
const clock = createFakeClock(Date.UTC(2026, 10, 23, 4, 0)); // 09:30 IST

const master = () =>
  createBrokerInstrumentMaster({
    broker: 'upstox',
    name: 'Upstox',
    db: store.db,
    clock,
    logger: silentLogger(),
    directory: new FakeInstruments([CALL, PUT]),
    download: async () => {
      downloads += 1;
      if (failDownload) throw new Error('503 Service Unavailable');
      return listing;
    },
  });

beforeEach(async () => {
  store = await createTestStore();
  downloads = 0;
  failDownload = false;
  listing = [listed];
  clock.set(Date.UTC(2026, 10, 23, 4, 0));
});
afterEach(() => store.close());

describe('broker instrument master', () => {
  it("gives the broker's id for the contract a trader picked, and our symbol back for the broker's id", async () => {
    const m = master();
    expect(await m.contractFor(CALL.tradingsymbol)).toEqual(listed);
    expect(await m.symbolOf('NSE_FO|43919')).toBe(CALL.tradingsymbol);
    expect(await m.symbolOf('NSE_FO|1')).toBeUndefined();
  });

  it("looks for a contract missing from the day's copy in a fresh download, at most every 10 minutes", async () => {
    listing = [];
    const m = master();
    await expect(m.contractFor(CALL.tradingsymbol)).rejects.toMatchObject({ code: 'rejected' });
    listing = [listed];
    clock.advance(5 * 60_000);
    await expect(m.contractFor(CALL.tradingsymbol)).rejects.toMatchObject({ code: 'rejected' });
    expect(downloads).toBe(1);
    clock.advance(5 * 60_000);
    expect((await m.contractFor(CALL.tradingsymbol)).instrumentId).toBe('NSE_FO|43919');
    expect(downloads).toBe(2);
  });

  it('refuses a contract the broker does not list before anything is sent', async () => {
    await expect(master().contractFor(PUT.tradingsymbol)).rejects.toMatchObject({
      code: 'rejected',
      uncertain: false,
      message: `Upstox does not list ${PUT.tradingsymbol}`,
    });
    await expect(master().contractFor('NOTASYMBOL')).rejects.toMatchObject({ code: 'rejected' });
  });

  it('downloads once a day: concurrent first uses share one download, a restart reads the stored copy', async () => {
    const m = master();
    await Promise.all([m.contractFor(CALL.tradingsymbol), m.contractFor(CALL.tradingsymbol)]);
    expect(downloads).toBe(1);
    await master().contractFor(CALL.tradingsymbol);
    expect(downloads).toBe(1);
    clock.set(Date.UTC(2026, 10, 24, 2, 0)); // 07:30 IST next day: before publication, yesterday's copy serves
    await m.contractFor(CALL.tradingsymbol);
    expect(downloads).toBe(1);
    clock.set(Date.UTC(2026, 10, 24, 3, 0)); // 08:30 IST: the day's master is out
    await m.contractFor(CALL.tradingsymbol);
    expect(downloads).toBe(2);
  });

  it('keeps trading on the last copy when a refresh fails, and says why when there is none', async () => {
    failDownload = true;
    await expect(master().contractFor(CALL.tradingsymbol)).rejects.toMatchObject({
      code: 'network',
      uncertain: false,
      message: 'Upstox: the instrument list could not be downloaded (503 Service Unavailable)',
    });
    failDownload = false;
    await master().warm();
    failDownload = true;
    clock.set(Date.UTC(2026, 10, 24, 4, 0));
    expect((await master().contractFor(CALL.tradingsymbol)).instrumentId).toBe('NSE_FO|43919');
  });
});
