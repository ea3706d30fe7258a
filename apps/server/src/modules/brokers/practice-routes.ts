import { paperTradingParamsSchema } from '@xtrader/core/api/brokers';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import { PRACTICE_MODE_MESSAGES, type PracticeModeService } from './practice-mode';

export interface BrokerRouteDeps {
  practiceMode: PracticeModeService;
  requireUser: preHandlerAsyncHookHandler;
}

const tags = ['brokers'];
const security = [{ accessToken: [] }];
const activeBrokerResponse = { 200: envelopeSchema(z.object({ activeBroker: z.string().nullable() })) };
const emptyResponse = { 200: envelopeSchema(z.object({})) };

/** Practice Mode calls: start, stop, reset funds. */
export function registerBrokerRoutes(app: ApiApp, { practiceMode, requireUser }: BrokerRouteDeps): void {
  app.post(
    '/broker/papertrading/:value',
    {
      preHandler: requireUser,
      schema: { tags, security, params: paperTradingParamsSchema, response: activeBrokerResponse },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (request.params.value === 'start')
        return ok(await practiceMode.start(userId), PRACTICE_MODE_MESSAGES.started);
      return ok(await practiceMode.stop(userId), PRACTICE_MODE_MESSAGES.stopped);
    },
  );

  app.put(
    '/broker/resetFunds/papertrade',
    { preHandler: requireUser, schema: { tags, security, response: emptyResponse } },
    async (request) => {
      await practiceMode.resetFunds(currentUser(request).id);
      return ok({}, PRACTICE_MODE_MESSAGES.fundsReset);
    },
  );
}
