import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestStore, storeKinds } from '../../../test/helpers/test-store';
import { silentLogger } from '../../logger';
import type { Store } from '../../store/open-store';
import type { Quote } from '../market/contract';
import type { PriceSource, PriceSources } from '../market/price-sources';
import { decodeTicks, encodeTicks } from './codec';
import { Recorder } from './recorder';
import { createRecordingStore } from './store';

const quote = (symbol: string, lastPrice: number, ts: number): Quote => ({
  symbol,
  lastPrice,
  ts,
  netChange: 0,
  open: lastPrice,
  high: lastPrice,
  low: lastPrice,
  close: lastPrice,
});

/** A price source whose live quotes the test pushes. */
function fakeSource(id: string) {
  const handlers: Array<(quotes: readonly Quote[]) => void> = [];
  const source = {
    id,
    brokerId: id === 'sim' ? null : 'ZERODHA',
    state: 'connected',
    tokenExpiresAt: null,
    lastTickAt: () => null,
    data: {
      onQuotes: (_view: string, handler: (quotes: readonly Quote[]) => void) => {
        handlers.push(handler);
        return () => handlers.splice(handlers.indexOf(handler), 1);
      },
    },
  } as unknown as PriceSource;
  return {
    source,
    push: (quotes: Quote[]) => {
      for (const handler of handlers) handler(quotes);
    },
  };
}

const SETTINGS = { enabled: true, retentionDays: 60, maxTicksPerDay: 5, maxTicksPerSecond: 4 };
const nineThirty = istEpochMs('2026-11-23', 9, 30);

describe('the codec', () => {
  it('round-trips ticks through the gzip delta lines', () => {
    const ticks = [
      { time: nineThirty, symbol: 'NIFTY 50', price: 26000.15 },
      { time: nineThirty + 250, symbol: 'NIFTY26N2426000CE', price: 101.05 },
    ];
    expect(decodeTicks(encodeTicks(ticks))).toEqual(ticks);
    expect(decodeTicks(encodeTicks([]))).toEqual([]);
  });
});

describe.each(storeKinds)('the recorder (%s)', (kind) => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  async function setUp() {
    store = await createTestStore(kind);
    const recordings = createRecordingStore(store.db);
    const clock = createFakeClock();
    const sim = fakeSource('sim');
    const sourceHandlers: Array<(source: PriceSource) => void> = [];
    const sources = {
      shared: sim.source,
      onSource: (handler: (source: PriceSource) => void) => {
        sourceHandlers.push(handler);
        return () => undefined;
      },
    } as unknown as Pick<PriceSources, 'shared' | 'onSource'>;
    const make = () =>
      new Recorder({
        sources,
        store: recordings,
        clock,
        logger: silentLogger(),
        settings: SETTINGS,
        sharedOrigin: { kind: 'simulated' },
        flushMs: 3_600_000,
      });
    const recorder = make();
    recorder.start();
    return {
      recordings,
      clock,
      sim,
      recorder,
      make,
      addSource: (s: PriceSource) => {
        for (const handler of sourceHandlers) handler(s);
      },
    };
  }

  it('keeps at most 4 ticks a second per contract and a bounded number per day, and a user stream as theirs', async () => {
    const { recordings, sim, recorder, addSource } = await setUp();
    sim.push([quote('NIFTY 50', 26000, nineThirty), quote('NIFTY 50', 26001, nineThirty + 100)]);
    sim.push([quote('NIFTY 50', 26002, nineThirty + 250), quote('X', 5, nineThirty + 260)]);
    const own = fakeSource('zerodha:u1');
    addSource(own.source);
    own.push([quote('NIFTY 50', 26100, nineThirty + 300)]);
    await recorder.flush();
    for (let i = 0; i < 10; i += 1) sim.push([quote('NIFTY 50', 26010 + i, nineThirty + 1000 * (i + 1))]);
    await recorder.stop();

    const days = await recordings.listDays();
    expect(days).toEqual([
      expect.objectContaining({ source: 'sim', day: '2026-11-23', origin: { kind: 'simulated' }, ticks: 5 }),
      expect.objectContaining({
        source: 'zerodha:u1',
        day: '2026-11-23',
        origin: { kind: 'user', userId: 'u1' },
        ticks: 1,
      }),
    ]);
    // 26001 came 100 ms after 26000: dropped. The cap (5) keeps the first three of the later ten.
    expect((await recordings.loadDay('sim', '2026-11-23')).map((t) => t.price)).toEqual([
      26000, 26002, 5, 26010, 26011,
    ]);
  });

  it('files ticks under the IST day they happened on', async () => {
    const { recordings, sim, recorder } = await setUp();
    const midnight = istEpochMs('2026-11-24', 0, 0);
    sim.push([quote('A', 1, midnight - 1000), quote('B', 2, midnight + 1000)]);
    sim.push([quote('A', 3, midnight + 2000)]);
    await recorder.stop();
    expect((await recordings.listDays()).map((d) => [d.day, d.ticks])).toEqual([
      ['2026-11-24', 2],
      ['2026-11-23', 1],
    ]);
  });

  it('continues a day after a restart within its cap, and deletes days past the retention', async () => {
    const { recordings, sim, recorder, make, clock } = await setUp();
    sim.push([quote('A', 1, nineThirty), quote('B', 2, nineThirty)]);
    await recorder.stop();
    const again = make();
    again.start();
    sim.push([1, 2, 3, 4, 5].map((i) => quote('C', i, nineThirty + i * 1000)));
    await again.stop();
    expect((await recordings.loadDay('sim', '2026-11-23')).map((t) => t.symbol)).toEqual([
      'A',
      'B',
      'C',
      'C',
      'C',
    ]);

    clock.advance(60 * 86_400_000);
    expect(await again.applyRetention()).toBe(2);
    expect(await recordings.listDays()).toEqual([]);
  });
});
