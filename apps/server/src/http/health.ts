import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { z } from 'zod';
import type { Resources } from '../resources';
import type { ApiApp } from './types';
import { SERVER_VERSION } from './version';

const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number().int().nonnegative(),
  store: z.enum(['sqlite', 'postgres']),
  bus: z.enum(['memory', 'redis']),
});

/** `GET /health`: liveness plus which store and bus this instance runs on (the e2e harness waits on it). */
export function registerHealthRoute(app: ApiApp, resources: Resources): void {
  const startedAt = resources.clock.now();
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and runtime facts',
        response: { 200: envelopeSchema(healthSchema) },
      },
    },
    async () =>
      ok(
        {
          status: 'ok' as const,
          version: SERVER_VERSION,
          uptimeSeconds: Math.max(0, Math.floor((resources.clock.now() - startedAt) / 1000)),
          store: resources.dialect,
          bus: resources.bus.kind,
        },
        'ok',
      ),
  );
}
