import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFakeClock } from '../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../test/helpers/test-store';
import type { Store } from '../store/open-store';
import type { LeaseStore } from './lease-store';
import { createMemoryLeaseStore } from './memory-lease-store';
import { createPgLeaseStore, pgLeaseStillHeld, pgOrphanedLeases } from './pg-lease-store';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The same contract on both stores. The memory store runs on a fake clock moved by `pass`; PostgreSQL judges
// expiry on its own clock, so there `pass` really waits.
describeEachStore('lease store', (kind) => {
  let store: Store;
  let leases: LeaseStore;
  let pass: (ms: number) => Promise<void>;
  beforeEach(async () => {
    store = await createTestStore(kind);
    if (kind === 'postgres') {
      leases = createPgLeaseStore(store.db);
      pass = sleep;
    } else {
      const clock = createFakeClock();
      leases = createMemoryLeaseStore(clock);
      pass = async (ms) => clock.advance(ms);
    }
  });
  afterEach(async () => {
    await store.close();
  });

  it('gives a free lease to the first holder and refuses it to others while it lives', async () => {
    const a = await leases.acquire('user:u1', 'A', 60_000);
    expect(a).toMatchObject({ name: 'user:u1', holder: 'A', epoch: 1 });
    expect(await leases.acquire('user:u1', 'B', 60_000)).toBeNull();
    expect(await leases.current('user:u1')).toMatchObject({ holder: 'A', epoch: 1 });
    // The holder asking again renews it under the same epoch.
    expect(await leases.acquire('user:u1', 'A', 60_000)).toMatchObject({ holder: 'A', epoch: 1 });
    expect(await leases.current('user:u2')).toBeNull();
  });

  it('hands an expired lease over with a larger epoch, and the old holder can no longer renew it', async () => {
    const a = await leases.acquire('user:u1', 'A', 150);
    if (!a) throw new Error('not acquired');
    await pass(300);
    expect(await leases.current('user:u1')).toBeNull();
    const b = await leases.acquire('user:u1', 'B', 60_000);
    expect(b).toMatchObject({ holder: 'B', epoch: 2 });
    expect(await leases.renew(a, 60_000)).toBeNull();
    if (!b) throw new Error('not acquired');
    const renewed = await leases.renew(b, 60_000);
    expect(renewed).toMatchObject({ holder: 'B', epoch: 2 });
    expect(renewed?.expiresAt).toBeGreaterThanOrEqual(b.expiresAt);
  });

  it('renews an expired lease nobody took yet, keeping its epoch', async () => {
    const a = await leases.acquire('leader:prices', 'A', 150);
    if (!a) throw new Error('not acquired');
    await pass(300);
    expect(await leases.renew(a, 60_000)).toMatchObject({ holder: 'A', epoch: 1 });
    expect(await leases.acquire('leader:prices', 'B', 60_000)).toBeNull();
  });

  it('frees a released lease at once; the next holder gets a larger epoch', async () => {
    const a = await leases.acquire('user:u1', 'A', 60_000);
    if (!a) throw new Error('not acquired');
    await leases.release(a);
    expect(await leases.current('user:u1')).toBeNull();
    expect(await leases.renew(a, 60_000)).toBeNull();
    expect(await leases.acquire('user:u1', 'B', 60_000)).toMatchObject({ holder: 'B', epoch: 2 });
    // Releasing a lease one no longer holds changes nothing.
    await leases.release(a);
    expect(await leases.current('user:u1')).toMatchObject({ holder: 'B' });
  });

  if (kind === 'postgres') {
    it('fences: a write checked under an old epoch is refused inside its transaction', async () => {
      const a = await leases.acquire('user:u9', 'A', 100);
      if (!a) throw new Error('not acquired');
      expect(await store.db.transaction().execute((trx) => pgLeaseStillHeld(trx, a))).toBe(true);
      await sleep(200);
      expect(await pgOrphanedLeases(store.db, 'user:', 10)).toEqual(['user:u9']);
      const b = await leases.acquire('user:u9', 'B', 60_000);
      if (!b) throw new Error('not acquired');
      expect(await store.db.transaction().execute((trx) => pgLeaseStillHeld(trx, a))).toBe(false);
      expect(await store.db.transaction().execute((trx) => pgLeaseStillHeld(trx, b))).toBe(true);
      expect(await pgOrphanedLeases(store.db, 'user:', 10)).toEqual([]);
    });

    it('gives a contested lease to exactly one of many simultaneous takers', async () => {
      const takers = Array.from({ length: 8 }, (_, i) => leases.acquire('user:race', `I${i}`, 60_000));
      const won = (await Promise.all(takers)).filter((lease) => lease !== null);
      expect(won).toHaveLength(1);
      expect(won[0]?.epoch).toBe(1);
    });
  }
});
