import { priceSchema } from '@xtrader/core/api/common';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../http/types';
import type { MarketDataService } from './market-data';

const forcePriceBodySchema = z.object({
  symbol: z.string().trim().min(1).max(64),
  /** A price on the 0.05 grid, or null to hand the symbol back to the feed. */
  price: priceSchema.nullable(),
});

/**
 * `POST /dev/market/price {symbol, price}` (only with XT_DEV_TOOLS=1, never in production): pins a symbol's price in both views at once,
 * bypassing the Practice Mode delay, so end-to-end and risk specs can drive P&L deterministically. `price: null`
 * releases the pin.
 */
export function registerMarketDevRoutes(
  app: ApiApp,
  deps: { market: MarketDataService; requireUser: preHandlerAsyncHookHandler },
): void {
  app.post(
    '/dev/market/price',
    {
      preHandler: deps.requireUser,
      schema: {
        tags: ['dev'],
        body: forcePriceBodySchema,
        response: { 200: envelopeSchema(z.object({ symbol: z.string(), price: z.number().nullable() })) },
      },
    },
    async (request) => {
      const { symbol, price } = request.body;
      deps.market.forcePrice(symbol, price);
      return ok({ symbol, price }, price === null ? 'Price released' : 'Price forced');
    },
  );
}
