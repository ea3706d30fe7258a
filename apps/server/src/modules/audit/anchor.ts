import { hash } from 'node:crypto';
import type { ChainEnd, ChainWalk } from './chain';

/**
 * An anchor: the end (seq and hash) of each chain as a verify run found it, kept by the operator outside the
 * database. A later run given the anchor checks that each anchored line is still in its chain, unchanged; since each
 * line holds the hash of the one before it, that vouches for every line up to it. The chains may have grown since.
 */
export type AuditAnchor = Map<string, ChainEnd>;

const FORMAT = 'x-trader-audit-anchor/1';

/** The anchor's file text: one JSON document, chains in user order, so one set of ends has one text. */
export function anchorText(ends: ReadonlyMap<string, ChainEnd>, writtenAt: Date): string {
  const chains = [...ends].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${JSON.stringify({
    format: FORMAT,
    writtenAt: writtenAt.toISOString(),
    chains: chains.map(([userId, end]) => [userId, end.seq, end.hash]),
  })}\n`;
}

/** sha256 (hex) of the anchor file's text: short enough to be kept apart (written down, sent elsewhere). */
export function anchorDigest(text: string): string {
  return hash('sha256', text);
}

/** Reads an anchor file's text; throws an Error naming what is wrong with it. */
export function parseAnchor(text: string): AuditAnchor {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new Error('the anchor file is not JSON');
  }
  const { format, chains } = (document ?? {}) as { format?: unknown; chains?: unknown };
  if (format !== FORMAT)
    throw new Error(`the anchor file is not an audit anchor (format ${FORMAT} expected)`);
  if (!Array.isArray(chains)) throw new Error('the anchor file has no chains');
  const anchor: AuditAnchor = new Map();
  for (const entry of chains) {
    const [userId, seq, lineHash] = Array.isArray(entry) ? entry : [];
    if (typeof userId !== 'string' || !Number.isInteger(seq) || seq < 1 || typeof lineHash !== 'string')
      throw new Error(`the anchor file has a bad chain entry: ${JSON.stringify(entry)}`);
    anchor.set(userId, { seq, hash: lineHash });
  }
  return anchor;
}

/** Breaks each intact chain whose anchored line is gone or changed (a chain the anchor names but the store has not). */
export function compareWithAnchor(anchor: AuditAnchor, chains: Map<string, ChainWalk>): void {
  for (const [userId, anchored] of anchor) {
    let chain = chains.get(userId);
    if (!chain) {
      chain = { checker: { next: () => undefined }, seen: new Map() };
      chains.set(userId, chain);
    }
    if (chain.broken) continue;
    const seen = chain.seen.get(anchored.seq);
    const endSeq = chain.end?.seq ?? 0;
    if (seen === undefined)
      chain.broken = {
        userId,
        seq: endSeq + 1,
        reason: `the chain ends at line ${endSeq}, before line ${anchored.seq} named by the anchor (its last lines were removed)`,
      };
    else if (seen !== anchored.hash)
      chain.broken = {
        userId,
        seq: anchored.seq,
        reason: 'the line differs from the one the anchor names (the chain was rewritten)',
      };
  }
}
