import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, describeEachStore } from '../../../test/helpers/test-store';
import { silentLogger } from '../../logger';
import { commitWriterOf } from '../../store/group-commit';
import type { Store } from '../../store/open-store';
import { anchorDigest, anchorText, parseAnchor } from './anchor';
import { createAuditLog as createAuditLogImpl } from './audit-log';
import { lineHash } from './chain';
import { verifyAuditTrail } from './verify';

// The end of a chain: lines removed from it leave nothing after them that points at the gap, so verify compares each
// chain with its stored tip (SQLite) and, when given one, with an operator's anchor (both engines).

describeEachStore('audit verify, chain ends', (kind) => {
  const sqlite = kind === 'sqlite';
  let store: Store;

  beforeEach(async () => {
    store = await createTestStore(kind);
    const log = createAuditLog();
    for (let i = 0; i < 5; i += 1) {
      log.append('alice', 'request', null, { i });
      log.append('bob', 'request', null, { i });
    }
    await log.flush();
  });
  afterEach(async () => {
    await store.close();
  });
  function createAuditLog() {
    return createAuditLogFor(store, sqlite);
  }
  const removeFrom = (userId: string, seq: number) =>
    store.db.deleteFrom('auditLog').where('userId', '=', userId).where('seq', '>=', seq).execute();
  /** What a careful forger does on SQLite: the tip follows the shortened chain. */
  const moveTip = async (userId: string, seq: number) => {
    if (!sqlite) return;
    const [line] = await store.db
      .selectFrom('auditLog')
      .select('hash')
      .where('userId', '=', userId)
      .where('seq', '=', seq)
      .execute();
    await store.db
      .updateTable('auditTip')
      .set({ seq, hash: line?.hash as string })
      .where('userId', '=', userId)
      .execute();
  };

  it('passes intact chains and answers where each ends', async () => {
    const result = await verifyAuditTrail(store.db);
    expect(result).toMatchObject({ users: 2, lines: 10, breaks: [] });
    expect([...result.ends.keys()].sort()).toEqual(['alice', 'bob']);
    expect(result.ends.get('alice')?.seq).toBe(5);
  });

  describe.runIf(sqlite)('against the stored tips', () => {
    it("finds the chain's last lines removed", async () => {
      await removeFrom('alice', 4);
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([
        { userId: 'alice', seq: 4, reason: expect.stringContaining('its stored tip is line 5') },
      ]);
    });

    it('finds a tip whose lines were all removed', async () => {
      await removeFrom('bob', 1);
      const result = await verifyAuditTrail(store.db);
      expect(result.breaks).toEqual([
        { userId: 'bob', seq: 1, reason: expect.stringContaining('ends at line 0') },
      ]);
      expect(result.users).toBe(1);
    });

    it('finds lines past the stored tip, even chained correctly', async () => {
      const [last] = await store.db
        .selectFrom('auditLog')
        .selectAll()
        .where('userId', '=', 'alice')
        .where('seq', '=', 5)
        .execute();
      const forged = {
        userId: 'alice',
        seq: 6,
        ts: 1,
        kind: 'request',
        orderId: null,
        data: '{}',
        prevHash: last?.hash as string,
      };
      await store.db
        .insertInto('auditLog')
        .values({ ...forged, hash: lineHash(forged) })
        .execute();
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([
        { userId: 'alice', seq: 6, reason: expect.stringContaining('past its stored tip') },
      ]);
    });

    it('finds a chain with no tip, and a last line that is not the tip', async () => {
      await store.db.deleteFrom('auditTip').where('userId', '=', 'alice').execute();
      await store.db
        .updateTable('auditTip')
        .set({ hash: 'f'.repeat(64) })
        .where('userId', '=', 'bob')
        .execute();
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([
        { userId: 'alice', seq: 1, reason: expect.stringContaining('no stored tip') },
        { userId: 'bob', seq: 5, reason: expect.stringContaining('not the one stored as the tip') },
      ]);
    });
  });

  describe('against an anchor', () => {
    const anchorNow = async () =>
      parseAnchor(anchorText((await verifyAuditTrail(store.db)).ends, new Date()));

    it('finds the last lines removed together with the tip (the tip moved back with them)', async () => {
      const anchor = await anchorNow();
      await removeFrom('bob', 3);
      await moveTip('bob', 2);
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([]);
      expect((await verifyAuditTrail(store.db, anchor)).breaks).toEqual([
        { userId: 'bob', seq: 3, reason: expect.stringContaining('before line 5 named by the anchor') },
      ]);
    });

    it('finds a whole chain removed, tip and all', async () => {
      const anchor = await anchorNow();
      await removeFrom('alice', 1);
      if (sqlite) await store.db.deleteFrom('auditTip').where('userId', '=', 'alice').execute();
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([]);
      expect((await verifyAuditTrail(store.db, anchor)).breaks).toEqual([
        { userId: 'alice', seq: 1, reason: expect.stringContaining('named by the anchor') },
      ]);
    });

    it('finds a chain rewritten from its start (every hash recomputed)', async () => {
      const anchor = await anchorNow();
      const lines = await store.db
        .selectFrom('auditLog')
        .selectAll()
        .where('userId', '=', 'bob')
        .orderBy('seq')
        .execute();
      let prevHash = '0'.repeat(64);
      for (const line of lines) {
        const forged = { ...line, seq: Number(line.seq), ts: Number(line.ts), data: '{"i":0}', prevHash };
        prevHash = lineHash(forged);
        await store.db
          .updateTable('auditLog')
          .set({ data: forged.data, prevHash: forged.prevHash, hash: prevHash })
          .where('userId', '=', 'bob')
          .where('seq', '=', forged.seq)
          .execute();
      }
      if (sqlite)
        await store.db.updateTable('auditTip').set({ hash: prevHash }).where('userId', '=', 'bob').execute();
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([]);
      expect((await verifyAuditTrail(store.db, anchor)).breaks).toEqual([
        { userId: 'bob', seq: 5, reason: expect.stringContaining('differs from the one the anchor names') },
      ]);
    });

    it('passes chains that grew since the anchor was written', async () => {
      const anchor = await anchorNow();
      const log = createAuditLog();
      log.append('alice', 'request', null, { later: true });
      log.append('carol', 'request', null, { later: true });
      await log.flush();
      expect(await verifyAuditTrail(store.db, anchor)).toMatchObject({ users: 3, lines: 12, breaks: [] });
    });
  });
});

describe('anchor file', () => {
  it('has one text per set of ends, in user order, and a digest of that text', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const text = anchorText(
      new Map([
        ['b', { seq: 2, hash: 'bb' }],
        ['a', { seq: 7, hash: 'aa' }],
      ]),
      at,
    );
    expect(text).toBe(
      '{"format":"x-trader-audit-anchor/1","writtenAt":"2026-01-02T03:04:05.000Z","chains":[["a",7,"aa"],["b",2,"bb"]]}\n',
    );
    expect(parseAnchor(text)).toEqual(
      new Map([
        ['a', { seq: 7, hash: 'aa' }],
        ['b', { seq: 2, hash: 'bb' }],
      ]),
    );
    expect(anchorDigest(text)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is not an anchor, naming the problem', () => {
    expect(() => parseAnchor('nope')).toThrow('not JSON');
    expect(() => parseAnchor('{"format":"other"}')).toThrow('not an audit anchor');
    expect(() => parseAnchor('{"format":"x-trader-audit-anchor/1","chains":[["a",0,"h"]]}')).toThrow(
      'bad chain entry',
    );
  });
});

function createAuditLogFor(store: Store, sqlite: boolean) {
  return createAuditLogImpl({
    db: store.db,
    clock: { now: () => 1_700_000_000_000 },
    logger: silentLogger(),
    commits: sqlite ? commitWriterOf(store.db) : undefined,
  });
}
