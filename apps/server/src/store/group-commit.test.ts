import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitWriterOf } from './group-commit';
import { openStore, type Store } from './open-store';

// Group commit (group-commit.ts): what a caller sees is what autocommit gave, only cheaper. A second connection
// to the same file shows what is really committed.

describe('SQLite group commit', () => {
  let dir: string;
  let store: Store;
  let db: Kysely<unknown>;
  let observer: SqliteDatabase.Database;
  const committed = (table = 'notes') =>
    (observer.prepare(`select text from ${table} order by text`).all() as { text: string }[]).map(
      (r) => r.text,
    );
  const insert = (text: string, id = text) =>
    sql`insert into notes (id, text) values (${id}, ${text})`.execute(db);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'xt-group-'));
    store = await openStore({ databaseUrl: undefined, dataDir: dir });
    db = store.db as unknown as Kysely<unknown>;
    await sql`create table notes (id text primary key, text text not null)`.execute(db);
    observer = new SqliteDatabase(path.join(dir, 'x-trader.db'), { readonly: true });
  });
  afterEach(async () => {
    observer.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits writes issued together in one transaction, each acknowledged only once committed', async () => {
    const seenAtAck: string[][] = [];
    const writes = ['a', 'b', 'c'].map((text) => insert(text).then(() => seenAtAck.push(committed())));
    // Nothing is visible to another connection before the commit.
    expect(committed()).toEqual([]);
    await Promise.all(writes);
    // The first acknowledgement already saw all three: they went out in one commit.
    expect(seenAtAck).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
  });

  it('lets a failing statement fail alone; the rest of its group commits', async () => {
    await insert('first', 'k1');
    const results = await Promise.allSettled([insert('dup', 'k1'), insert('second', 'k2')]);
    expect(results[0]).toMatchObject({ status: 'rejected' });
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(results[1]).toMatchObject({ status: 'fulfilled' });
    expect(committed()).toEqual(['first', 'second']);
  });

  it('reads see the open group, on the one connection', async () => {
    const write = insert('pending');
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
    expect(rows[0]?.n).toBe(1);
    await write;
  });

  it('runs an explicit transaction as a unit: its rollback undoes only its own writes', async () => {
    const outside = insert('outside');
    const failed = db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, text) values ('t1', 'inside')`.execute(trx);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    await outside;
    expect(committed()).toEqual(['outside']);
  });

  it('keeps other writes out of an open transaction until it ends', async () => {
    let during: Promise<unknown> | undefined;
    const failed = db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, text) values ('t1', 'inside 1')`.execute(trx);
      during = insert('waited');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await sql`insert into notes (id, text) values ('t2', 'inside 2')`.execute(trx);
      throw new Error('roll back');
    });
    await expect(failed).rejects.toThrow('roll back');
    await during;
    expect(committed()).toEqual(['waited']);
  });

  it('runs transactions started together one at a time, each whole, in the order they began', async () => {
    const order: string[] = [];
    const running = new Set<number>();
    let overlapped = false;
    const transactions = Array.from({ length: 24 }, (_, n) =>
      db.transaction().execute(async (trx) => {
        if (running.size > 0) overlapped = true;
        running.add(n);
        order.push(`begin ${n}`);
        await sql`insert into notes (id, text) values (${`a${n}`}, ${`t${n} first`})`.execute(trx);
        // A pause that lets every other waiter wake up while this one holds the connection.
        await new Promise((resolve) => setImmediate(resolve));
        await sql`insert into notes (id, text) values (${`b${n}`}, ${`t${n} second`})`.execute(trx);
        running.delete(n);
      }),
    );
    const results = await Promise.allSettled(transactions);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(overlapped).toBe(false);
    expect(order).toEqual(Array.from({ length: 24 }, (_, n) => `begin ${n}`));
    expect(committed()).toHaveLength(48);
  });

  it('lets plain writes waiting behind a transaction through once the queue of transactions is done', async () => {
    const first = db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, text) values ('t1', 'in 1')`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
    const plain = insert('plain');
    const second = db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, text) values ('t2', 'in 2')`.execute(trx);
    });
    await Promise.all([first, plain, second]);
    expect(committed()).toEqual(['in 1', 'in 2', 'plain']);
  });

  it('acknowledges an explicit transaction once it is committed', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, text) values ('t1', 'x')`.execute(trx);
      await sql`insert into notes (id, text) values ('t2', 'y')`.execute(trx);
    });
    expect(committed()).toEqual(['x', 'y']);
  });

  it('runs many explicit transactions waiting at once one after another, each to its commit', async () => {
    const holder = db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, text) values ('h', 'holder')`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    // These all wait for the holder, then wake together: each must still get the transaction to itself.
    const waiting = Array.from({ length: 5 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into notes (id, text) values (${`w${i}`}, ${`waiter ${i}`})`.execute(trx);
        await sql`update notes set text = text where id = ${`w${i}`}`.execute(trx);
      }),
    );
    await holder;
    await Promise.all(waiting);
    expect(committed()).toEqual(['holder', 'waiter 0', 'waiter 1', 'waiter 2', 'waiter 3', 'waiter 4']);
  });

  it('fails every write of a group whose commit fails, and stores none of them', async () => {
    await sql`create table parents (id text primary key)`.execute(db);
    await sql`create table children (id text primary key, text text not null,
      parent_id text references parents (id) deferrable initially deferred)`.execute(db);
    // A deferred foreign key is checked at COMMIT: the orphan sinks the whole group.
    const results = await Promise.allSettled([
      insert('innocent'),
      sql`insert into children (id, text, parent_id) values ('c1', 'orphan', 'nobody')`.execute(db),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committed()).toEqual([]);
    expect(committed('children')).toEqual([]);
    // The connection is usable again.
    await insert('after');
    expect(committed()).toEqual(['after']);
  });

  it('streams rows while writes go on', async () => {
    await Promise.all(['a', 'b', 'c'].map((text) => insert(text)));
    const seen: string[] = [];
    for await (const row of db
      .selectFrom('notes' as never)
      .select('text' as never)
      .stream()) {
      seen.push((row as { text: string }).text);
      await insert(`after ${(row as { text: string }).text}`);
    }
    expect(seen.sort()).toEqual(['a', 'b', 'c']);
    expect(committed()).toHaveLength(6);
  });

  it('commits the open group before a PRAGMA, which runs on its own', async () => {
    const write = insert('before');
    await sql`pragma user_version = 7`.execute(db);
    expect(committed()).toEqual(['before']);
    await write;
    const { rows } = await sql<{ userVersion: number }>`pragma user_version`.execute(db);
    expect(rows[0]?.userVersion).toBe(7);
  });

  describe('pre-commit writes (commitWriterOf)', () => {
    const writer = () => {
      const found = commitWriterOf(store.db);
      if (!found) throw new Error('no commit writer on SQLite');
      return found;
    };
    const note = (text: string) => (s: { run(sql: string, p: readonly unknown[]): void }) =>
      s.run('insert into notes (id, text) values (?, ?)', [text, text]);

    it('runs at the end of the open group, after its writes, and in its one commit', async () => {
      const order: string[] = [];
      const first = insert('a').then(() => order.push(`a acked with ${committed().join(',')}`));
      const late = writer()
        .beforeNextCommit((s) => {
          // The group's own writes are visible here: it runs inside the same transaction, before COMMIT.
          const rows = s.all('select text from notes order by text', []) as { text: string }[];
          order.push(`pre-commit saw ${rows.map((r) => r.text).join(',')}`);
          note('z')(s);
        })
        .then(() => order.push(`z acked with ${committed().join(',')}`));
      const second = insert('b');
      expect(committed()).toEqual([]);
      await Promise.all([first, late, second]);
      expect(order[0]).toBe('pre-commit saw a,b');
      expect(order.slice(1).sort()).toEqual(['a acked with a,b,z', 'z acked with a,b,z']);
    });

    it('opens a group of its own when none is open, and commits it this turn', async () => {
      await writer().beforeNextCommit(note('alone'));
      expect(committed()).toEqual(['alone']);
    });

    it('fails alone when its statement fails; the rest of the group commits', async () => {
      await insert('k');
      const results = await Promise.allSettled([
        insert('other'),
        writer().beforeNextCommit(note('k')),
        writer().beforeNextCommit(note('next')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(committed()).toEqual(['k', 'next', 'other']);
    });

    it('waits for an explicit transaction, then runs in the group that carries it', async () => {
      const trx = (db as unknown as Kysely<{ notes: { id: string; text: string } }>)
        .transaction()
        .execute(async (t) => {
          await t.insertInto('notes').values({ id: 't', text: 't' }).execute();
          await new Promise((resolve) => setTimeout(resolve, 20));
        });
      const pre = writer().beforeNextCommit(note('p'));
      await Promise.all([trx, pre]);
      expect(committed()).toEqual(['p', 't']);
    });

    it('is not offered on PostgreSQL-like stores (any other handle)', () => {
      expect(commitWriterOf({})).toBeUndefined();
    });
  });
});
