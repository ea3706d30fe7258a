import type { ProfitProtectionState } from '@xtrader/core/risk/profit-protection';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/database';
import { fromRow, type KillRecord, type ProfitProtectionRecord, toRow } from './record';

const PAISE = 100;

/** The profit-protection table. Every read and write is by user id. */
export function createRiskStore(db: Kysely<Database>) {
  const table = () => db.selectFrom('profitProtection').selectAll();

  return {
    async get(userId: string): Promise<ProfitProtectionRecord | undefined> {
      const row = await table().where('userId', '=', userId).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    /** Records the monitor must pick up at start: armed ones, and square-offs a restart interrupted. */
    async listActive(): Promise<ProfitProtectionRecord[]> {
      const rows = await table()
        .where((eb) => eb.or([eb('enabled', '=', 1), eb('killStatus', '=', 'squaring_off')]))
        .execute();
      return rows.map(fromRow);
    },

    /** Writes a Save (insert or replace); the caller has already bumped `version`. */
    async save(record: ProfitProtectionRecord): Promise<void> {
      const row = toRow(record);
      const { userId, ...changes } = row;
      await db
        .insertInto('profitProtection')
        .values(row)
        .onConflict((oc) => oc.column('userId').doUpdateSet(changes))
        .execute();
    },

    /**
     * Persists a trailing step. The max loss only ever rises while armed, so a late write of an older step (or
     * one racing a Save that reset it) never lowers it or resurrects a disabled row.
     */
    async saveTrail(
      userId: string,
      version: number,
      state: ProfitProtectionState,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('profitProtection')
        .set({
          maxLoss: state.maxLoss,
          highWaterMarkPaise: Math.round(state.trailAnchor * PAISE),
          updatedAt: now,
        })
        .where('userId', '=', userId)
        .where('version', '=', version)
        .where('enabled', '=', 1)
        .where('maxLoss', '<=', state.maxLoss)
        .execute();
    },

    /**
     * Claims a trigger: switches protection off and starts the square-off, only if the row is still armed at the
     * version the monitor evaluated. Exactly one claimant wins (a Save in between, or another instance, loses).
     */
    async claimTrigger(
      userId: string,
      version: number,
      state: ProfitProtectionState,
      kill: KillRecord,
    ): Promise<boolean> {
      const result = await db
        .updateTable('profitProtection')
        .set({
          enabled: 0,
          maxLoss: state.maxLoss,
          highWaterMarkPaise: Math.round(state.trailAnchor * PAISE),
          killSwitch: JSON.stringify(kill),
          killId: kill.id,
          killStatus: kill.status,
          updatedAt: kill.triggeredAt,
        })
        .where('userId', '=', userId)
        .where('version', '=', version)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Saves square-off progress, unless a newer square-off has replaced it. */
    async saveKill(userId: string, kill: KillRecord, now: number): Promise<void> {
      await db
        .updateTable('profitProtection')
        .set({ killSwitch: JSON.stringify(kill), killStatus: kill.status, updatedAt: now })
        .where('userId', '=', userId)
        .where('killId', '=', kill.id)
        .execute();
    },
  };
}

export type RiskStore = ReturnType<typeof createRiskStore>;
