import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import {
  JOURNAL_CSV_PATH,
  JOURNAL_LATEST_PATH,
  JOURNAL_PATH,
  journalDayQuerySchema,
  journalDaySchema,
  journalLatestSchema,
  journalNotesBodySchema,
  journalNotesParamsSchema,
} from '@xtrader/core/api/journal';
import { journalCsv } from '@xtrader/core/journal/csv';
import { istDateOf } from '@xtrader/core/market/dates';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import { type JournalReadDeps, readJournalDay, readLatestExecution } from './read';

export interface JournalRouteDeps extends JournalReadDeps {
  clock: Clock;
  requireUser: preHandlerAsyncHookHandler;
}

const tags = ['journal'];
const security = [{ accessToken: [] }];

/** The journal's reads, the CSV download and the notes of a round trip, each the signed-in trader's own. */
export function registerJournalRoutes(app: ApiApp, deps: JournalRouteDeps): void {
  const { db, clock, requireUser } = deps;
  const dayOf = (day: string | undefined) => day ?? istDateOf(clock.now());
  app.get(
    JOURNAL_PATH,
    {
      schema: {
        tags,
        security,
        querystring: journalDayQuerySchema,
        response: { 200: envelopeSchema(journalDaySchema) },
      },
      preHandler: requireUser,
    },
    async (request) => ok(await readJournalDay(deps, currentUser(request).id, dayOf(request.query.day))),
  );
  app.get(
    JOURNAL_LATEST_PATH,
    {
      schema: { tags, security, response: { 200: envelopeSchema(journalLatestSchema) } },
      preHandler: requireUser,
    },
    async (request) => ok({ execution: await readLatestExecution(db, currentUser(request).id) }),
  );
  app.get(
    JOURNAL_CSV_PATH,
    { schema: { tags, security, querystring: journalDayQuerySchema }, preHandler: requireUser },
    async (request, reply) => {
      const day = dayOf(request.query.day);
      const journal = await readJournalDay(deps, currentUser(request).id, day);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="x-trader-journal-${day}.csv"`)
        .header('cache-control', 'no-store');
      return journalCsv(journal);
    },
  );
  app.put(
    '/journal/notes/:tradeId',
    {
      schema: {
        tags,
        security,
        params: journalNotesParamsSchema,
        body: journalNotesBodySchema,
        response: { 200: envelopeSchema(z.object({})) },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { tradeId } = request.params;
      // A trade is named by the order that opened it (suffixed -2, -3 ... when one order opened several): notes
      // are kept only for the trader's own orders.
      const orderId = tradeId.replace(/-\d+$/, '');
      const owned = await db
        .selectFrom('orders')
        .select('id')
        .where('userId', '=', userId)
        .where('id', 'in', [tradeId, orderId])
        .executeTakeFirst();
      if (!owned) throw new DomainError('not_found', `No trade ${tradeId}`);
      const row = {
        note: request.body.note,
        tags: JSON.stringify(request.body.tags),
        updatedAt: clock.now(),
      };
      await db
        .insertInto('journalNotes')
        .values({ userId, tradeId, ...row })
        .onConflict((conflict) => conflict.columns(['userId', 'tradeId']).doUpdateSet(row))
        .execute();
      return ok({}, 'Note saved');
    },
  );
}
