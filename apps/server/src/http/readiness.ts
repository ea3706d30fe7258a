import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Resources } from '../resources';
import type { ApiApp } from './types';

/** Where an instance is in its life, as a load balancer must know it. */
export type ReadinessState = 'starting' | 'ready' | 'draining';

/** Starting until every module has started, ready, then draining from the first shutdown signal on. */
export class Readiness {
  private current: ReadinessState = 'starting';

  get state(): ReadinessState {
    return this.current;
  }

  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  beginDrain(): void {
    this.current = 'draining';
  }
}

const readySchema = z.object({
  state: z.enum(['starting', 'ready', 'draining']),
  store: z.boolean(),
  bus: z.boolean(),
});

/** A store that does not answer within this long counts as down. */
const STORE_PING_MS = 1_000;

async function storeAnswers(resources: Resources): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), STORE_PING_MS);
  });
  const ping = sql`select 1`
    .execute(resources.db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /ready`: 200 once the store, the bus and every module (leases, price stream, sockets) are up, 503 while
 * starting, while the store or bus is unreachable, and from a shutdown signal on (drain), so a load balancer sends
 * new requests elsewhere. `GET /health` stays the liveness check.
 */
export function registerReadyRoute(app: ApiApp, resources: Resources, readiness: Readiness): void {
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness for a load balancer',
        response: { 200: envelopeSchema(readySchema), 503: envelopeSchema(readySchema) },
      },
    },
    async (_request, reply) => {
      const store = await storeAnswers(resources);
      const bus = resources.bus.connected();
      const state = readiness.state;
      const facts = { state, store, bus };
      if (state === 'ready' && store && bus) return ok(facts, 'ready');
      const why = state !== 'ready' ? state : !store ? 'store unreachable' : 'bus unreachable';
      return reply.code(503).send({ success: false, message: `not ready: ${why}`, data: facts });
    },
  );
}
