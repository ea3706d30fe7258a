import { createHash, randomBytes } from 'node:crypto';

// Order ids double as the client order id / tag brokers echo back, and Kite caps tags at 20 characters. A root id is
// 12 characters; the ids of orders a workflow derives from it are fixed suffixes, so re-running a workflow step
// after a restart produces the same ids and the store's primary key refuses a second copy.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new root order id: `XT` + 10 random base-32 characters (50 bits). */
export function newOrderId(): string {
  const bytes = randomBytes(10);
  let id = 'XT';
  for (const byte of bytes) id += ALPHABET[byte % 32];
  return id;
}

/**
 * The order id for a caller's own key (the kill switch's exit ids): `XK` + 10 base-32 characters of a hash of the
 * user and the key, so the same key always names the same order (re-sending it is refused by the primary key, and
 * can be looked up) and fits a broker tag like any root id.
 */
export function orderIdFor(userId: string, key: string): string {
  const bytes = createHash('sha256').update(`${userId}\u0000${key}`).digest();
  let id = 'XK';
  for (let i = 0; i < 10; i++) id += ALPHABET[(bytes[i] as number) % 32];
  return id;
}

export const childIds = {
  /** Freeze slice or iceberg leg `n` (1-based) of a group. */
  part: (groupId: string, n: number) => `${groupId}-${n}`,
  target: (entryId: string) => `${entryId}T`,
  stoploss: (entryId: string) => `${entryId}S`,
  followUp: (mainId: string) => `${mainId}F`,
  flatten: (entryId: string) => `${entryId}X`,
  /** The stop the server holds after the broker ended the family's stop-loss on its own. */
  protect: (rootId: string) => `${rootId}P`,
  /** The broker's disaster stop behind a Local stop (the stop's own id plus `D`). */
  disaster: (stopId: string) => `${stopId}D`,
};
