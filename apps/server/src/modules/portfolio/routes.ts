import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { marginSchema, positionsResponseSchema } from '@xtrader/core/api/portfolio';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import { PORTFOLIO_MESSAGES, type PortfolioService } from './service';

export interface PortfolioRouteDeps {
  portfolio: PortfolioService;
  requireUser: preHandlerAsyncHookHandler;
}

const tags = ['portfolio'];
const security = [{ accessToken: [] }];

/** GET /portfolio/positions and GET /portfolio/margin (GET /portfolio/orders belongs to the orders module). */
export function registerPortfolioRoutes(app: ApiApp, { portfolio, requireUser }: PortfolioRouteDeps): void {
  app.get(
    '/portfolio/positions',
    {
      preHandler: requireUser,
      schema: { tags, security, response: { 200: envelopeSchema(positionsResponseSchema) } },
    },
    async (request) => {
      const { data, message } = await portfolio.positions(currentUser(request).id);
      return ok(data, message);
    },
  );

  app.get(
    '/portfolio/margin',
    { preHandler: requireUser, schema: { tags, security, response: { 200: envelopeSchema(marginSchema) } } },
    async (request) => ok(await portfolio.margin(currentUser(request).id), PORTFOLIO_MESSAGES.margin),
  );
}
