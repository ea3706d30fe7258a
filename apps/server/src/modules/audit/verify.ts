import type { Kysely } from 'kysely';
import type { Database } from '../../store/database';
import { type ChainBreak, chainChecker } from './chain';

const PAGE = 5000;

export interface VerifyResult {
  users: number;
  lines: number;
  /** The first broken line of each user whose chain is broken, in user order. */
  breaks: ChainBreak[];
}

/** Walks every user's chain in the store, a page at a time (the trail grows without bound). */
export async function verifyAuditTrail(db: Kysely<Database>): Promise<VerifyResult> {
  const result: VerifyResult = { users: 0, lines: 0, breaks: [] };
  let checker: ReturnType<typeof chainChecker> | undefined;
  let currentUser: string | undefined;
  let brokenUser = false;
  let after: { userId: string; seq: number } | undefined;
  for (;;) {
    const position = after;
    const page = await db
      .selectFrom('auditLog')
      .selectAll()
      .$if(position !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('userId', '>', position?.userId as string),
            eb.and([eb('userId', '=', position?.userId as string), eb('seq', '>', position?.seq as number)]),
          ]),
        ),
      )
      .orderBy('userId')
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    for (const line of page) {
      if (line.userId !== currentUser) {
        currentUser = line.userId;
        checker = chainChecker(line.userId);
        brokenUser = false;
        result.users += 1;
      }
      result.lines += 1;
      const broken = checker?.next(line);
      if (broken && !brokenUser) {
        brokenUser = true;
        result.breaks.push(broken);
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return result;
    after = { userId: last.userId, seq: Number(last.seq) };
  }
}
