import { paperTradingParamsSchema } from '@xtrader/core/api/brokers';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import {
  daySummariesResponseSchema,
  type OrderCharges,
  orderChargesResponseSchema,
} from '@xtrader/core/api/practice';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import type { PaperExchange } from './paper/exchange';
import { PRACTICE_MODE_MESSAGES, type PracticeModeService } from './practice-mode';

export interface BrokerRouteDeps {
  practiceMode: PracticeModeService;
  paper: Pick<PaperExchange, 'daySummaries' | 'squareOffNow'>;
  /** Charges of the user's executed orders at the paper exchange they trade on (a replay's own while it runs). */
  orderCharges: (userId: string) => Promise<OrderCharges[]>;
  requireUser: preHandlerAsyncHookHandler;
  /** XT_DEV_TOOLS: adds POST /dev/paper/square-off. */
  devTools?: boolean;
}

export const PRACTICE_READ_MESSAGES = {
  daySummaries: 'Day summaries fetched',
  charges: 'Charges fetched',
  squaredOff: 'Intraday square-off done',
} as const;

const tags = ['brokers'];
const security = [{ accessToken: [] }];
const activeBrokerResponse = { 200: envelopeSchema(z.object({ activeBroker: z.string().nullable() })) };
const emptyResponse = { 200: envelopeSchema(z.object({})) };

/** Practice Mode calls: start, stop, reset funds; the day summaries and order charges of the paper account. */
export function registerBrokerRoutes(
  app: ApiApp,
  { practiceMode, paper, orderCharges, requireUser, devTools }: BrokerRouteDeps,
): void {
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

  app.get(
    '/broker/papertrade/day-summaries',
    {
      preHandler: requireUser,
      schema: { tags, security, response: { 200: envelopeSchema(daySummariesResponseSchema) } },
    },
    async (request) =>
      ok({ days: await paper.daySummaries(currentUser(request).id) }, PRACTICE_READ_MESSAGES.daySummaries),
  );

  app.get(
    '/broker/papertrade/charges',
    {
      preHandler: requireUser,
      schema: { tags, security, response: { 200: envelopeSchema(orderChargesResponseSchema) } },
    },
    async (request) =>
      ok({ orders: await orderCharges(currentUser(request).id) }, PRACTICE_READ_MESSAGES.charges),
  );

  if (!devTools) return;
  // A developer tool (never in production): the day-end at once, so specs need not wait for 15:20 IST.
  app.post(
    '/dev/paper/square-off',
    { preHandler: requireUser, schema: { tags: ['dev'], response: emptyResponse } },
    async () => {
      await paper.squareOffNow();
      return ok({}, PRACTICE_READ_MESSAGES.squaredOff);
    },
  );
}
