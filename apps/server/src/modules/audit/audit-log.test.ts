import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, describeEachStore } from '../../../test/helpers/test-store';
import { silentLogger } from '../../logger';
import { commitWriterOf } from '../../store/group-commit';
import type { Store } from '../../store/open-store';
import { createAuditLog } from './audit-log';
import { lineHash } from './chain';
import { verifyAuditTrail } from './verify';

describeEachStore('audit trail', (kind) => {
  // Each engine's own way: joined to the group commit on SQLite (one writer process, no key on the table), serial with
  // re-chaining on PostgreSQL (several writers, kept apart by the (userId, seq) key).
  if (kind === 'sqlite') describe('joined to the commits', () => suite(kind, true));
  else describe('serial', () => suite(kind, false));
});

function suite(kind: Parameters<typeof createTestStore>[0], pipelined: boolean) {
  let store: Store;
  let now = 1_700_000_000_000;
  const clock = { now: () => now++ };
  const newLog = () =>
    createAuditLog({
      db: store.db,
      clock,
      logger: silentLogger(),
      commits: pipelined ? commitWriterOf(store.db) : undefined,
    });
  const lines = (userId: string) =>
    store.db.selectFrom('auditLog').selectAll().where('userId', '=', userId).orderBy('seq').execute();

  beforeEach(async () => {
    store = await createTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  async function fill() {
    const log = newLog();
    for (let i = 0; i < 4; i += 1) {
      log.append('alice', 'request', `o${i}`, { i, nested: { b: 2, a: 1 } });
      log.append('bob', 'state.change', null, { i });
    }
    await log.flush();
    return log;
  }

  it("chains each user's lines in order, one seq after another, and verifies them", async () => {
    await fill();
    const stored = await lines('alice');
    expect(stored.map((line) => Number(line.seq))).toEqual([1, 2, 3, 4]);
    expect(stored[0]?.prevHash).toBe('0'.repeat(64));
    expect(stored[1]?.prevHash).toBe(stored[0]?.hash);
    expect(stored[0]?.data).toBe('{"i":0,"nested":{"b":2,"a":1}}');
    expect(await verifyAuditTrail(store.db)).toMatchObject({ users: 2, lines: 8, breaks: [] });
  });

  it('continues a stored chain after a restart (a new writer reads the tip)', async () => {
    await fill();
    const log = newLog();
    log.append('alice', 'request', null, { status: 200 });
    await log.settled('alice');
    const stored = await lines('alice');
    expect(stored.at(-1)).toMatchObject({ seq: 5, prevHash: stored[3]?.hash });
    expect((await verifyAuditTrail(store.db)).breaks).toEqual([]);
  });

  it.skipIf(pipelined)(
    'writes nothing until the turn ends, then everything appended in it (batched)',
    async () => {
      const log = newLog();
      log.append('alice', 'request', null, {});
      log.append('alice', 'request', null, {});
      expect(await lines('alice')).toHaveLength(0);
      await log.settled('alice');
      expect(await lines('alice')).toHaveLength(2);
    },
  );

  it('finds a changed line', async () => {
    await fill();
    await store.db
      .updateTable('auditLog')
      .set({ data: '{"i":9}' })
      .where('userId', '=', 'alice')
      .where('seq', '=', 3)
      .execute();
    const { breaks } = await verifyAuditTrail(store.db);
    expect(breaks).toEqual([{ userId: 'alice', seq: 3, reason: expect.stringContaining('changed') }]);
  });

  it('finds a changed line whose hash was recomputed, at the line after it', async () => {
    await fill();
    const [line] = (await lines('bob')).filter((row) => Number(row.seq) === 2);
    if (!line) throw new Error('no line');
    const forged = { ...line, seq: Number(line.seq), ts: Number(line.ts), data: '{"i":77}' };
    await store.db
      .updateTable('auditLog')
      .set({ data: forged.data, hash: lineHash(forged) })
      .where('userId', '=', 'bob')
      .where('seq', '=', 2)
      .execute();
    expect((await verifyAuditTrail(store.db)).breaks).toEqual([
      { userId: 'bob', seq: 3, reason: expect.stringContaining('previous hash') },
    ]);
  });

  it('finds a removed line', async () => {
    await fill();
    await store.db.deleteFrom('auditLog').where('userId', '=', 'bob').where('seq', '=', 2).execute();
    expect((await verifyAuditTrail(store.db)).breaks).toEqual([
      { userId: 'bob', seq: 3, reason: expect.stringContaining('missing') },
    ]);
  });

  it.skipIf(pipelined)(
    'keeps one chain when two writers append for the same user (the loser re-chains from the stored tip)',
    async () => {
      const first = newLog();
      const second = newLog();
      second.append('alice', 'request', null, { from: 'second' });
      await second.settled('alice');
      // The second writer now holds seq 1 as its tip; the first appends seq 2 behind its back.
      first.append('alice', 'request', null, { from: 'first' });
      await first.settled('alice');
      second.append('alice', 'request', null, { from: 'second again' });
      await second.settled('alice');
      // Its insert lost the race for seq 2; the line is kept and retried from the stored tip.
      for (let waited = 0; (await lines('alice')).length < 3 && waited < 5000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const stored = await lines('alice');
      expect(stored.map((line) => [Number(line.seq), line.data])).toEqual([
        [1, '{"from":"second"}'],
        [2, '{"from":"first"}'],
        [3, '{"from":"second again"}'],
      ]);
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([]);
    },
  );

  it.runIf(pipelined)(
    'verifies a chain whose lines were stored out of order (a retried insert), and finds a gap in it',
    async () => {
      let prevHash = '0'.repeat(64);
      const chain = [1, 2, 3].map((seq) => {
        const line = {
          userId: 'carol',
          seq,
          ts: seq,
          kind: 'request',
          orderId: null,
          data: `{"n":${seq}}`,
          prevHash,
        };
        prevHash = lineHash(line);
        return { ...line, hash: prevHash };
      });
      const [first, second, third] = chain as [(typeof chain)[0], (typeof chain)[0], (typeof chain)[0]];
      for (const line of [first, third, second]) await store.db.insertInto('auditLog').values(line).execute();
      await store.db.insertInto('auditTip').values({ userId: 'carol', seq: 3, hash: third.hash }).execute();
      expect(await verifyAuditTrail(store.db)).toMatchObject({ users: 1, lines: 3, breaks: [] });
      await store.db.deleteFrom('auditLog').where('userId', '=', 'carol').where('seq', '=', 2).execute();
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([
        { userId: 'carol', seq: 3, reason: expect.stringContaining('missing') },
      ]);
    },
  );

  it.runIf(pipelined)(
    'retries a failed insert as it was, so the chain has no hole once it is stored',
    async () => {
      const log = newLog();
      log.append('alice', 'request', null, { n: 1 });
      await log.settled('alice');
      // The store refuses audit lines for a moment: the next insert fails and is retried with the same seq and hashes.
      await sql`create trigger xt_block_audit before insert on audit_log
        begin select raise(abort, 'blocked'); end`.execute(store.db);
      log.append('alice', 'request', null, { n: 2 });
      log.append('alice', 'request', null, { n: 3 });
      // The failed write does not hold the answer.
      await log.settled('alice');
      expect(await lines('alice')).toHaveLength(1);
      await sql`drop trigger xt_block_audit`.execute(store.db);
      for (let waited = 0; (await lines('alice')).length < 3 && waited < 5000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await lines('alice')).map((line) => line.data)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
      expect((await verifyAuditTrail(store.db)).breaks).toEqual([]);
    },
  );
}
