import { istDateOf } from '@xtrader/core/market/dates';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Logger } from '../../logger';
import type { PriceSourceId, SourcedPrices, UserPrices } from '../market/contract';
import type { AppModule } from '../module';
import type { RecordingStore } from '../recording/store';
import { CandleBook } from './candle-book';
import { registerCandleRoutes } from './routes';

export { CandleBook } from './candle-book';

/** Candle history for the chart (docs/chart.md): candles built from every source's ticks, and the route. */
export function createCandlesModule(deps: {
  prices: Pick<SourcedPrices, 'onQuotes'>;
  pricesOf: (userId: string) => Promise<UserPrices>;
  requireUser: preHandlerAsyncHookHandler;
  book?: CandleBook;
  /** Today's recorded ticks, read once at start so a chart opened after a restart still has the session. */
  history?: {
    recordings: Pick<RecordingStore, 'listDays' | 'loadDay'>;
    now: () => number;
    logger: Logger;
  };
}): AppModule & { readonly book: CandleBook; readonly backfilled: Promise<void> } {
  const book = deps.book ?? new CandleBook();
  const stops: (() => void)[] = [];
  let backfilled: Promise<void> = Promise.resolve();
  const backfillToday = async (history: NonNullable<typeof deps.history>) => {
    const today = istDateOf(history.now());
    for (const day of await history.recordings.listDays()) {
      if (day.day !== today) continue;
      const ticks = await history.recordings.loadDay(day.source, day.day);
      // Both views: a Practice user's candles are of the same ticks, 5 s later.
      for (const view of ['live', 'practice'] as const)
        book.backfill(day.source as PriceSourceId, view, ticks);
    }
  };
  return {
    name: 'candles',
    book,
    get backfilled() {
      return backfilled;
    },
    registerRoutes(app) {
      registerCandleRoutes(app, { book, pricesOf: deps.pricesOf, requireUser: deps.requireUser });
    },
    async start() {
      for (const view of ['live', 'practice'] as const) {
        stops.push(deps.prices.onQuotes(view, (source, quotes) => book.record(source, view, quotes)));
      }
      // In the background, after the live ticks are flowing: history slots in before their first candles.
      const { history } = deps;
      if (history)
        backfilled = backfillToday(history).catch((error: unknown) =>
          history.logger.warn({ err: error }, "chart history: reading today's recorded ticks failed"),
        );
    },
    async close() {
      for (const stop of stops.splice(0)) stop();
      await backfilled;
    },
  };
}
