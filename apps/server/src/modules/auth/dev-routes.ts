import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { z } from 'zod';
import type { ApiApp } from '../../http/types';
import type { OutboxEntry } from './otp-sender';

const outboxEntrySchema = z.object({
  phone: z.string(),
  email: z.string(),
  name: z.string(),
  code: z.string(),
  purpose: z.enum(['signup', 'reset']),
  text: z.string(),
  sentAt: z.number(),
});

/** `GET /dev/outbox`: OTP messages sent so far, latest first. Registered only outside production. */
export function registerDevOutboxRoute(app: ApiApp, entries: () => readonly OutboxEntry[]): void {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'OTP messages of the dev outbox (not in production)',
        response: { 200: envelopeSchema(z.object({ messages: z.array(outboxEntrySchema) })) },
      },
    },
    async () => ok({ messages: [...entries()] }, 'success'),
  );
}
