import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../store/database';

/** How long a link code works after it is shown. */
export const LINK_CODE_TTL_MS = 10 * 60_000;
/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export interface TelegramLink {
  userId: string;
  chatId: string;
  linkedAt: number;
}

/** Users' linked Telegram chats and the one-time codes that link them (table of migration 0017). */
export function createLinkStore(db: Kysely<Database>, clock: Clock) {
  const read = (row: { userId: string; chatId: string; linkedAt: number | string }): TelegramLink => ({
    userId: row.userId,
    chatId: row.chatId,
    linkedAt: Number(row.linkedAt),
  });
  return {
    /** A fresh code for the user (their earlier codes stop working). */
    async issueCode(userId: string): Promise<{ code: string; expiresAt: number }> {
      const now = clock.now();
      const code = newCode();
      const expiresAt = now + LINK_CODE_TTL_MS;
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('telegramLinkCodes')
          .where((eb) => eb.or([eb('userId', '=', userId), eb('expiresAt', '<=', now)]))
          .execute();
        await trx.insertInto('telegramLinkCodes').values({ code, userId, expiresAt }).execute();
      });
      return { code, expiresAt };
    },

    /**
     * Links the chat to the code's user when the code is known and not expired; the code is used up. A chat
     * linked to another user before moves to this one. Resolves the user, or undefined for a bad code.
     */
    async redeem(code: string, chatId: string): Promise<string | undefined> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('telegramLinkCodes')
          .where('code', '=', code.toUpperCase())
          .returning(['userId', 'expiresAt'])
          .executeTakeFirst();
        if (!row || Number(row.expiresAt) <= now) return undefined;
        await trx
          .deleteFrom('telegramLinks')
          .where((eb) => eb.or([eb('userId', '=', row.userId), eb('chatId', '=', chatId)]))
          .execute();
        await trx.insertInto('telegramLinks').values({ userId: row.userId, chatId, linkedAt: now }).execute();
        return row.userId;
      });
    },

    async linkOf(userId: string): Promise<TelegramLink | undefined> {
      const row = await db
        .selectFrom('telegramLinks')
        .selectAll()
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row ? read(row) : undefined;
    },

    async userOfChat(chatId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('telegramLinks')
        .select('userId')
        .where('chatId', '=', chatId)
        .executeTakeFirst();
      return row?.userId;
    },

    /** The chat's `/closeall` waits for a "yes" until `until` (kept in the store: any instance may read the yes). */
    async awaitConfirmation(chatId: string, until: number): Promise<void> {
      await db
        .updateTable('telegramLinks')
        .set({ closeAllPendingUntil: until })
        .where('chatId', '=', chatId)
        .execute();
    },

    /**
     * Takes the chat's waiting `/closeall` when it is still within its window: true once (the wait is cleared in the
     * same statement, so one "yes" never runs it twice), false when nothing waits.
     */
    async takeConfirmation(chatId: string): Promise<boolean> {
      const row = await db
        .updateTable('telegramLinks')
        .set({ closeAllPendingUntil: null })
        .where('chatId', '=', chatId)
        .where('closeAllPendingUntil', '>', clock.now())
        .returning('userId')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Nothing waits any more (a `/closeall CONFIRM` ran it directly). */
    async clearConfirmation(chatId: string): Promise<void> {
      await db
        .updateTable('telegramLinks')
        .set({ closeAllPendingUntil: null })
        .where('chatId', '=', chatId)
        .execute();
    },

    async unlink(userId: string): Promise<void> {
      await db.deleteFrom('telegramLinks').where('userId', '=', userId).execute();
    },
  };
}

export type LinkStore = ReturnType<typeof createLinkStore>;
