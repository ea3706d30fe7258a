import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SourcedPrices, UserPrices } from '../market/contract';
import type { AppModule } from '../module';
import { CandleBook } from './candle-book';
import { registerCandleRoutes } from './routes';

export { CandleBook } from './candle-book';

/** Candle history for the chart (docs/chart.md): candles built from every source's ticks, and the route. */
export function createCandlesModule(deps: {
  prices: Pick<SourcedPrices, 'onQuotes'>;
  pricesOf: (userId: string) => Promise<UserPrices>;
  requireUser: preHandlerAsyncHookHandler;
  book?: CandleBook;
}): AppModule & { readonly book: CandleBook } {
  const book = deps.book ?? new CandleBook();
  const stops: (() => void)[] = [];
  return {
    name: 'candles',
    book,
    registerRoutes(app) {
      registerCandleRoutes(app, { book, pricesOf: deps.pricesOf, requireUser: deps.requireUser });
    },
    async start() {
      for (const view of ['live', 'practice'] as const) {
        stops.push(deps.prices.onQuotes(view, (source, quotes) => book.record(source, view, quotes)));
      }
    },
    async close() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
