import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { type FeedStatus, feedStatusSchema } from '@xtrader/core/api/market-feed';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';

const feedQuerySchema = z.object({ symbol: z.string().trim().min(1).max(64).optional() });

/**
 * `GET /market/feed[?symbol=]`: the caller's price source and its health (docs/market-data.md). With `symbol`,
 * whether that contract's prices are stale.
 */
export function registerMarketFeedRoutes(
  app: ApiApp,
  deps: {
    statusOf: (userId: string, symbol?: string) => Promise<FeedStatus>;
    requireUser: preHandlerAsyncHookHandler;
  },
): void {
  app.get(
    '/market/feed',
    {
      preHandler: deps.requireUser,
      schema: {
        tags: ['market'],
        security: [{ accessToken: [] }],
        querystring: feedQuerySchema,
        response: { 200: envelopeSchema(feedStatusSchema) },
      },
    },
    async (request) => ok(await deps.statusOf(currentUser(request).id, request.query.symbol)),
  );
}
