import { AUDIT_DAY_PATH, auditDayQuerySchema } from '@xtrader/core/api/audit';
import { istEpochMs } from '@xtrader/core/market/dates';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiApp } from '../../http/types';
import type { Database } from '../../store/database';
import { currentUser } from '../auth/authenticate';
import type { AuditLog } from './audit-log';
import { auditCsv } from './csv';

const DAY_MS = 86_400_000;

export interface AuditRouteDeps {
  db: Kysely<Database>;
  log: AuditLog;
  requireUser: preHandlerAsyncHookHandler;
}

/** The trader's own audit lines of one IST day, as a CSV download. */
export function registerAuditRoutes(app: ApiApp, { db, log, requireUser }: AuditRouteDeps): void {
  app.get(
    AUDIT_DAY_PATH,
    {
      schema: { tags: ['audit'], security: [{ accessToken: [] }], querystring: auditDayQuerySchema },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { date } = request.query;
      // Lines still waiting for their batch belong in the download too.
      await log.settled(userId);
      const from = istEpochMs(date);
      const lines = await db
        .selectFrom('auditLog')
        .selectAll()
        .where('userId', '=', userId)
        .where('ts', '>=', from)
        .where('ts', '<', from + DAY_MS)
        .orderBy('seq')
        .execute();
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="x-trader-audit-${date}.csv"`)
        .header('cache-control', 'no-store');
      return auditCsv(lines);
    },
  );
}
