import {
  candlesQuerySchema,
  candlesResponseSchema,
  MAX_CANDLES_PER_REQUEST,
} from '@xtrader/core/api/candles';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import type { UserPrices } from '../market/contract';
import type { CandleBook } from './candle-book';

/**
 * `GET /market/candles?symbol=&interval=1s|1m[&from=][&limit=]`: recent candles of a contract or index in the
 * caller's own price source and view (docs/chart.md), oldest first, at most 1,000.
 */
export function registerCandleRoutes(
  app: ApiApp,
  deps: {
    book: CandleBook;
    pricesOf: (userId: string) => Promise<UserPrices>;
    requireUser: preHandlerAsyncHookHandler;
  },
): void {
  app.get(
    '/market/candles',
    {
      preHandler: deps.requireUser,
      schema: {
        tags: ['market'],
        security: [{ accessToken: [] }],
        querystring: candlesQuerySchema,
        response: { 200: envelopeSchema(candlesResponseSchema) },
      },
    },
    async (request) => {
      const { symbol, interval, from = 0, limit = MAX_CANDLES_PER_REQUEST } = request.query;
      const { source, view } = await deps.pricesOf(currentUser(request).id);
      return ok({ symbol, interval, candles: deps.book.read(source, view, symbol, interval, from, limit) });
    },
  );
}
