import { hash } from 'node:crypto';
import type { AuditLogTable } from './tables';

/** The previous hash of a user's first line. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The canonical serialisation of a line: its columns but the hash, in this fixed order, as a JSON array (numbers as
 * numbers, strings escaped as JSON.stringify does). One line has exactly one such text, so its hash can be recomputed
 * from what is stored; `data` is covered as the stored text, byte for byte.
 */
export function canonicalLine(line: Omit<AuditLogTable, 'hash'>): string {
  const { userId, seq, ts, kind, orderId, data, prevHash } = line;
  return JSON.stringify([userId, Number(seq), Number(ts), kind, orderId, data, prevHash]);
}

/** The hash of one line: sha256 (hex) over its canonical serialisation, which includes the previous line's hash. */
export function lineHash(line: Omit<AuditLogTable, 'hash'>): string {
  // The one-shot hash: a third of what createHash costs per line.
  return hash('sha256', canonicalLine(line));
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

/** A chain's last line: its place and hash. */
export interface ChainEnd {
  seq: number;
  hash: string;
}

/** One user's chain as the walk sees it, line by line in seq order. */
export interface ChainWalk {
  checker: { next(line: AuditLogTable): ChainBreak | undefined };
  broken?: ChainBreak;
  /** The last line checked. */
  end?: ChainEnd;
  /** The hash of each line an anchor names (only those), to compare with the anchor once the walk is done. */
  seen: Map<number, string>;
}
