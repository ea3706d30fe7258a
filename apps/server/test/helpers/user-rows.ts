import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/store/open-store';

let phoneCounter = 0;
const uniquePhone = () =>
  `8${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(6, '0')}`;

/**
 * Writes a users row straight to the store and returns its id: for tests of modules whose tables refer to
 * users but that need no signup flow.
 */
export async function insertUserRow(
  db: Store['db'],
  row: { name: string; now: number; activeBroker?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      name: row.name,
      email: `${id}@example.com`,
      phone: uniquePhone(),
      passwordHash: 'x',
      referralCode: id.slice(0, 10),
      referredBy: null,
      activeBroker: row.activeBroker ?? null,
      clientId: null,
      settings: '{}',
      createdAt: row.now,
      updatedAt: row.now,
    })
    .execute();
  return id;
}
