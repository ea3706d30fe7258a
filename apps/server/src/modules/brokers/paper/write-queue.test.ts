import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestStore, describeEachStore } from '../../../../test/helpers/test-store';
import { silentLogger } from '../../../logger';
import type { Store } from '../../../store/open-store';
import { type WriteOp, WriteQueue } from './write-queue';

const insert =
  (id: string): WriteOp =>
  async (trx) => {
    await trx.insertInto('rateLimitEvents').values({ id, key: 'paper', at: 1 }).execute();
  };
const failing: WriteOp = async (trx) => {
  await insert('bad')(trx);
  throw new Error('this change cannot be stored');
};

// Changes are written in batches, yet each stays atomic, settles in the order it was made, and one bad change does
// not sink the others.
describeEachStore('paper write queue', (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  const stored = async () =>
    (await store.db.selectFrom('rateLimitEvents').select('id').orderBy('id').execute()).map((row) => row.id);

  it('settles a burst of changes in order, each atomic, without losing the good ones to a bad one', async () => {
    const queue = new WriteQueue(store.db, silentLogger());
    const settled: string[] = [];
    const track = (name: string, promise: Promise<void>) =>
      promise.then(
        () => settled.push(`${name} ok`),
        () => settled.push(`${name} failed`),
      );
    await Promise.all([
      track('a', queue.enqueue(insert('a'))),
      track('bad', queue.enqueue(failing)),
      track('b', queue.enqueue(insert('b'))),
      track('c', queue.enqueue(insert('c'))),
    ]);
    expect(settled).toEqual(['a ok', 'bad failed', 'b ok', 'c ok']);
    expect(await stored()).toEqual(['a', 'b', 'c']);
    expect(queue.failures).toBe(1);
    await queue.enqueue(insert('d'));
    await queue.idle();
    expect(await stored()).toEqual(['a', 'b', 'c', 'd']);
  });
});
