import { disciplineStatusSchema } from '@xtrader/core/api/discipline';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ApiApp } from '../../../http/types';
import { currentUser } from '../../auth/index';
import type { Discipline } from './discipline';

/** `GET /discipline`: the caller's rules, today's figures and what refuses new orders now (the bar shows it). */
export function registerDisciplineRoutes(
  app: ApiApp,
  deps: { discipline: Discipline; requireUser: preHandlerAsyncHookHandler },
): void {
  app.get(
    '/discipline',
    {
      preHandler: deps.requireUser,
      schema: {
        tags: ['discipline'],
        security: [{ accessToken: [] }],
        response: { 200: envelopeSchema(disciplineStatusSchema) },
      },
    },
    async (request) => ok(await deps.discipline.status(currentUser(request).id)),
  );
}
