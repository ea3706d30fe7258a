import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../../test/helpers/test-store';
import { silentLogger } from '../../logger';
import type { Store } from '../../store/open-store';
import { createJournalRecorder } from './recorder';

// The journal's rows: written off the order path, with the first fill at this server's own time, whether the fill
// came before the placement was answered or after.

const timing = (at: number) => ({
  pressedAt: at,
  requestedAt: at + 1,
  shownPrice: 100,
  receivedAt: at + 5,
  ackAt: at + 9,
});

describeEachStore('journal recorder', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store.close());

  const rows = () => store.db.selectFrom('journalEntries').selectAll().orderBy('orderId').execute();
  // The recorder's writes are not awaited by anyone: wait until they are stored.
  const settled = (count: number) => expect.poll(async () => (await rows()).length).toBe(count);

  it('keeps a fill booked before the answer, and updates a row filled after it, for its own user only', async () => {
    const clock = createFakeClock(1_000_000);
    const recorder = createJournalRecorder(store.db, silentLogger(), clock);
    // A: filled inside the broker call, before the route told the journal.
    recorder.filled('alice', 'A');
    recorder.placed('alice', 'A', timing(999_990));
    // B: placed, then filled 40 ms later; a second fill does not move the first fill's time.
    recorder.placed('alice', 'B', timing(999_990));
    await settled(2);
    clock.advance(40);
    recorder.filled('alice', 'B');
    clock.advance(40);
    recorder.filled('alice', 'B');
    // Another user's order of the same id is not alice's row.
    recorder.filled('bob', 'C');
    recorder.placed('alice', 'C', timing(999_990));
    await settled(3);
    await expect
      .poll(async () =>
        (await rows()).map((row) => [row.orderId, row.firstFillAt === null ? null : Number(row.firstFillAt)]),
      )
      .toEqual([
        ['A', 1_000_000],
        ['B', 1_000_040],
        ['C', null],
      ]);
  });
});
