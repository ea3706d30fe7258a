import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { replayDaysSchema, replayStateSchema, startReplaySchema } from '@xtrader/core/api/replay';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import type { ReplayService } from './service';

const tags = ['practice'];
const security = [{ accessToken: [] }];
const stateResponse = { 200: envelopeSchema(replayStateSchema) };

/** Session replay in Practice Mode: the days a user may replay; start, pause, resume, stop; the state. */
export function registerReplayRoutes(
  app: ApiApp,
  { replay, requireUser }: { replay: ReplayService; requireUser: preHandlerAsyncHookHandler },
): void {
  app.get(
    '/practice/replay/days',
    {
      preHandler: requireUser,
      schema: { tags, security, response: { 200: envelopeSchema(replayDaysSchema) } },
    },
    async (request) => ok({ days: await replay.days(currentUser(request).id) }),
  );

  app.get(
    '/practice/replay',
    { preHandler: requireUser, schema: { tags, security, response: stateResponse } },
    async (request) => ok({ replay: replay.status(currentUser(request).id) }),
  );

  app.post(
    '/practice/replay',
    { preHandler: requireUser, schema: { tags, security, body: startReplaySchema, response: stateResponse } },
    async (request) =>
      ok({ replay: await replay.start(currentUser(request).id, request.body) }, 'Replay started'),
  );

  app.post(
    '/practice/replay/pause',
    { preHandler: requireUser, schema: { tags, security, response: stateResponse } },
    async (request) => ok({ replay: replay.pause(currentUser(request).id) }, 'Replay paused'),
  );

  app.post(
    '/practice/replay/resume',
    { preHandler: requireUser, schema: { tags, security, response: stateResponse } },
    async (request) => ok({ replay: replay.resume(currentUser(request).id) }, 'Replay resumed'),
  );

  app.delete(
    '/practice/replay',
    { preHandler: requireUser, schema: { tags, security, response: stateResponse } },
    async (request) => {
      await replay.stop(currentUser(request).id);
      return ok({ replay: null }, 'Replay stopped');
    },
  );
}
