import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import {
  PROFIT_PROTECTION_MESSAGES,
  profitProtectionSchema,
  profitProtectionStatusSchema,
} from '@xtrader/core/api/profit-protection';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/index';
import type { ProfitProtectionService } from './service';

const tags = ['profit protection'];
const security = [{ accessToken: [] }];
const response = { 200: envelopeSchema(profitProtectionStatusSchema) };

/** `/profit-protection`: read and save the caller's profit protection. */
export function registerRiskRoutes(
  app: ApiApp,
  deps: { service: ProfitProtectionService; requireUser: preHandlerAsyncHookHandler },
): void {
  const { service, requireUser } = deps;

  app.get(
    '/profit-protection',
    { preHandler: requireUser, schema: { tags, security, response } },
    async (request) => ok(await service.get(currentUser(request).id)),
  );

  app.put(
    '/profit-protection',
    { preHandler: requireUser, schema: { tags, security, body: profitProtectionSchema, response } },
    async (request) =>
      ok(await service.update(currentUser(request).id, request.body), PROFIT_PROTECTION_MESSAGES.updated),
  );
}
