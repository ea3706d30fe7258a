import { createHash } from 'node:crypto';
import type { AuditLogTable } from './tables';

/** The previous hash of a user's first line. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * JSON with object keys sorted at every level and no whitespace: the same value always gives the same text, so a
 * line's hash can be recomputed from what is stored. Undefined fields are left out (as JSON.stringify does).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const fields = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${fields.join(',')}}`;
}

/** The hash of one line: sha256 over the canonical serialisation of every column but the hash itself. */
export function lineHash(line: Omit<AuditLogTable, 'hash'>): string {
  const { userId, seq, ts, kind, orderId, data, prevHash } = line;
  const text = canonicalJson({ userId, seq: Number(seq), ts: Number(ts), kind, orderId, data, prevHash });
  return createHash('sha256').update(text).digest('hex');
}

/** Where and why a chain is broken. */
export interface ChainBreak {
  userId: string;
  seq: number;
  reason: string;
}

/**
 * Checks one user's lines, in seq order, as a stream: feed each line to `next`, which answers the first break (and
 * every later call answers it again). A changed line fails its own hash; a removed line leaves a gap in seq and a
 * prevHash that no longer matches the line before it.
 */
export function chainChecker(userId: string): { next(line: AuditLogTable): ChainBreak | undefined } {
  let expectedSeq = 1;
  let previous = GENESIS_HASH;
  let broken: ChainBreak | undefined;
  return {
    next(line) {
      if (broken) return broken;
      const seq = Number(line.seq);
      const fail = (reason: string) => {
        broken = { userId, seq, reason };
        return broken;
      };
      if (seq !== expectedSeq)
        return fail(`expected line ${expectedSeq}, found line ${seq} (a line is missing)`);
      if (line.prevHash !== previous) return fail('its previous hash does not match the line before it');
      if (lineHash(line) !== line.hash)
        return fail('its content does not match its hash (the line was changed)');
      expectedSeq += 1;
      previous = line.hash;
      return undefined;
    },
  };
}
