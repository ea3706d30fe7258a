import {
  TELEGRAM_CODE_PATH,
  TELEGRAM_PATH,
  telegramCodeSchema,
  telegramStatusSchema,
} from '@xtrader/core/api/alerts';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../../domain-error';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/index';
import type { LinkStore } from './link-store';

const iso = (ms: number) => new Date(ms).toISOString();
const schema = { tags: ['alerts'], security: [{ accessToken: [] }] };

/** The caller's Telegram link: its state, a one-time code to link a chat, and unlinking. */
export function registerAlertRoutes(
  app: ApiApp,
  deps: { links: LinkStore; enabled: boolean; requireUser: preHandlerAsyncHookHandler },
): void {
  const { links, enabled, requireUser } = deps;
  app.get(
    TELEGRAM_PATH,
    {
      preHandler: requireUser,
      schema: { ...schema, response: { 200: envelopeSchema(telegramStatusSchema) } },
    },
    async (request) => {
      const link = await links.linkOf(currentUser(request).id);
      return ok({ enabled, linked: link !== undefined, linkedAt: link ? iso(link.linkedAt) : null });
    },
  );
  app.post(
    TELEGRAM_CODE_PATH,
    { preHandler: requireUser, schema: { ...schema, response: { 200: envelopeSchema(telegramCodeSchema) } } },
    async (request) => {
      if (!enabled) throw new DomainError('conflict', 'Telegram alerts are not set up on this server');
      const { code, expiresAt } = await links.issueCode(currentUser(request).id);
      return ok({ code, expiresAt: iso(expiresAt) });
    },
  );
  app.delete(TELEGRAM_PATH, { preHandler: requireUser, schema }, async (request) => {
    await links.unlink(currentUser(request).id);
    return ok({ linked: false });
  });
}
