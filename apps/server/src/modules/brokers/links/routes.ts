import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../../http/types';
import { currentUser } from '../../auth/authenticate';
import { type BrokerReconnect, RECONNECT_MESSAGES } from './reconnect';

const tags = ['brokers'];
const security = [{ accessToken: [] }];
const emptyResponse = { 200: envelopeSchema(z.object({})) };

/** POST /broker/reconnect: re-subscribe the active broker's updates and reconcile. */
export function registerReconnectRoute(
  app: ApiApp,
  { links, requireUser }: { links: BrokerReconnect; requireUser: preHandlerAsyncHookHandler },
): void {
  app.post(
    '/broker/reconnect',
    { preHandler: requireUser, schema: { tags, security, response: emptyResponse } },
    async (request) => {
      await links.reconnect(currentUser(request).id);
      return ok({}, RECONNECT_MESSAGES.reconnected);
    },
  );
}
