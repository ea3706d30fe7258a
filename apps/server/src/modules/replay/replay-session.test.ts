import { istEpochMs } from '@xtrader/core/market/dates';
import { INDEX_TABLE } from '@xtrader/core/market/indices';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../../test/helpers/fake-instruments';
import { marketBuyOf } from '../../../test/helpers/paper';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import type { Quote } from '../market/contract';
import { ReplaySession } from './replay-session';

const DAY = '2026-11-18';
const ce = optionRecord('NIFTY', '2026-11-24', 26000, 'CE');
const at = (hour: number, minute: number, second = 0) => istEpochMs(DAY, hour, minute, second);
const TICKS = [
  { time: at(15, 10), symbol: 'NIFTY 50', price: 26000 },
  { time: at(15, 10), symbol: ce.tradingsymbol, price: 100 },
  { time: at(15, 12), symbol: ce.tradingsymbol, price: 110 },
  { time: at(15, 15), symbol: ce.tradingsymbol, price: 120 },
  { time: at(15, 22), symbol: ce.tradingsymbol, price: 130 },
];

describe('a session replay at 10x', () => {
  let session: ReplaySession | undefined;
  afterEach(async () => {
    await session?.stop();
    session = undefined;
  });

  it('plays ticks in order on the replayed clock, holds while paused, and squares off at the replayed 15:20', async () => {
    const wall = createFakeClock();
    const resources = { config: loadConfig({ NODE_ENV: 'test' }), clock: wall, logger: silentLogger() };
    session = await ReplaySession.start(resources, {
      userId: 'u1',
      id: `sim@${DAY}`,
      day: DAY,
      ticks: TICKS,
      speed: 10,
      directory: new FakeInstruments([ce]),
      indexTable: INDEX_TABLE,
      paper: { capital: 1_000_000, squareOffTime: () => ({ hour: 15, minute: 20 }) },
      pollMs: 3_600_000, // the test plays by hand
    });
    // Each price as it changes (a quiet contract's last price is played again every real second: not a change).
    const played: Array<[string, number]> = [];
    const lastTs = new Map<string, number>();
    session.data.onQuotes('live', (quotes: readonly Quote[]) => {
      for (const quote of quotes) {
        lastTs.set(quote.symbol, quote.ts);
        const previous = played.findLast(([symbol]) => symbol === quote.symbol);
        if (previous?.[1] !== quote.lastPrice) played.push([quote.symbol, quote.lastPrice]);
      }
    });
    session.data.retain('test', ['NIFTY 50', ce.tradingsymbol]);
    expect(session.clock.now()).toBe(at(15, 10));
    expect(played).toEqual([
      ['NIFTY 50', 26000],
      [ce.tradingsymbol, 100],
    ]);

    const paper = session.exchange.sessionFor('u1');
    const ack = await paper.placeOrder(marketBuyOf(ce)({ product: 'intraday' }));
    expect(ack.ok).toBe(true);
    await session.exchange.idle();
    // Bought at the ask: a recording without depth quotes one tick (0.05) either side of its price.
    expect((await paper.positions())[0]).toMatchObject({ quantity: 65, buyValue: 100.05 * 65 });

    wall.advance(12_000); // 2 replayed minutes
    session.feed.advance();
    expect(session.clock.now()).toBe(at(15, 12));
    expect(played.at(-1)).toEqual([ce.tradingsymbol, 110]);

    session.pause();
    wall.advance(60_000);
    session.feed.advance();
    expect(session.clock.now()).toBe(at(15, 12));
    expect(session.status()).toMatchObject({ paused: true, speed: 10, day: DAY });
    expect(played).toHaveLength(3);
    // Paused prices stay fresh: played again at the real time, unchanged.
    expect(lastTs.get(ce.tradingsymbol)).toBe(wall.now());
    expect((await paper.positions())[0]?.quantity).toBe(65);

    session.resume();
    wall.advance(30_000); // to 15:17 replayed: before the square-off
    session.feed.advance();
    await session.exchange.idle();
    expect(played.at(-1)).toEqual([ce.tradingsymbol, 120]);
    expect((await paper.positions())[0]?.quantity).toBe(65);

    wall.advance(30_000); // 15:22 replayed: the 15:20 square-off has run on the replayed clock
    session.feed.advance();
    await session.exchange.checkSquareOff();
    await session.exchange.idle();
    const [position] = await paper.positions();
    expect(position).toMatchObject({ quantity: 0, buyValue: 100.05 * 65 });
    // Squared off at the bid of the last price the replay had played by then.
    expect(position?.sellValue).toBeGreaterThanOrEqual(119.95 * 65);
    expect(played.map(([, price]) => price)).toEqual([26000, 100, 110, 120, 130]);
    expect(session.status().finished).toBe(true);
  });
});
