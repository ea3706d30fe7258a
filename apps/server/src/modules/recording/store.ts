import type { IsoDate } from '@xtrader/core/market/dates';
import type { RecordingOrigin } from '@xtrader/core/market/replay-access';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/database';
import type { RecordedTick } from '../market/replay';
import { decodeTicks, encodeTicks } from './codec';

/** One recorded day of one source, as listed. */
export interface RecordedDay {
  source: string;
  day: IsoDate;
  origin: RecordingOrigin;
  ticks: number;
  firstTs: number;
  lastTs: number;
}

export interface ChunkToSave {
  source: string;
  day: IsoDate;
  seq: number;
  origin: RecordingOrigin;
  ticks: readonly RecordedTick[];
}

const originOf = (origin: string, ownerId: string | null): RecordingOrigin =>
  origin === 'user' && ownerId
    ? { kind: 'user', userId: ownerId }
    : origin === 'platform'
      ? { kind: 'platform' }
      : { kind: 'simulated' };

export function createRecordingStore(db: Kysely<Database>) {
  return {
    async save(chunk: ChunkToSave): Promise<void> {
      const { ticks } = chunk;
      await db
        .insertInto('recordingChunks')
        .values({
          source: chunk.source,
          day: chunk.day,
          seq: chunk.seq,
          origin: chunk.origin.kind,
          ownerId: chunk.origin.kind === 'user' ? chunk.origin.userId : null,
          ticks: ticks.length,
          firstTs: ticks[0]!.time,
          lastTs: ticks[ticks.length - 1]!.time,
          data: encodeTicks(ticks),
        })
        .execute();
    },

    /** Ticks and next batch number of a source's day so far (a restart continues the day where it stopped). */
    async dayProgress(source: string, day: IsoDate): Promise<{ ticks: number; nextSeq: number }> {
      const row = await db
        .selectFrom('recordingChunks')
        .select((eb) => [eb.fn.sum<number>('ticks').as('ticks'), eb.fn.max<number>('seq').as('maxSeq')])
        .where('source', '=', source)
        .where('day', '=', day)
        .executeTakeFirst();
      const maxSeq = row?.maxSeq;
      return {
        ticks: Number(row?.ticks ?? 0),
        nextSeq: maxSeq === null || maxSeq === undefined ? 0 : Number(maxSeq) + 1,
      };
    },

    async listDays(): Promise<RecordedDay[]> {
      const rows = await db
        .selectFrom('recordingChunks')
        .select((eb) => [
          'source',
          'day',
          'origin',
          'ownerId',
          eb.fn.sum<number>('ticks').as('ticks'),
          eb.fn.min<number>('firstTs').as('firstTs'),
          eb.fn.max<number>('lastTs').as('lastTs'),
        ])
        .groupBy(['source', 'day', 'origin', 'ownerId'])
        .orderBy('day', 'desc')
        .orderBy('source')
        .execute();
      return rows.map((row) => ({
        source: row.source,
        day: row.day,
        origin: originOf(row.origin, row.ownerId),
        ticks: Number(row.ticks),
        firstTs: Number(row.firstTs),
        lastTs: Number(row.lastTs),
      }));
    },

    /** Every tick of a source's day, in time order. */
    async loadDay(source: string, day: IsoDate): Promise<RecordedTick[]> {
      const rows = await db
        .selectFrom('recordingChunks')
        .select('data')
        .where('source', '=', source)
        .where('day', '=', day)
        .orderBy('seq')
        .execute();
      const ticks = rows.flatMap((row) => decodeTicks(row.data));
      // Batches are written in order, but ticks of several symbols within one may interleave by a few ms.
      return ticks.sort((a, b) => a.time - b.time);
    },

    /** Deletes every day before `firstKept`; returns the number of batches deleted. */
    async deleteBefore(firstKept: IsoDate): Promise<number> {
      const result = await db.deleteFrom('recordingChunks').where('day', '<', firstKept).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RecordingStore = ReturnType<typeof createRecordingStore>;
