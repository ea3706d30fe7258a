import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../clock';
import { silentLogger } from '../logger';
import { LeaseLeadership } from './lease-leadership';
import type { LeaseStore } from './lease-store';
import { createMemoryLeaseStore } from './memory-lease-store';

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });

describe('LeaseLeadership', () => {
  const started: LeaseLeadership[] = [];
  afterEach(async () => {
    for (const leadership of started.splice(0)) await leadership.stop();
  });

  const leadership = (leases: LeaseStore, holder: string) => {
    const made = new LeaseLeadership({
      leases,
      name: 'leader:prices',
      holder,
      ttlMs: 1000,
      everyMs: 100,
      logger: silentLogger(),
    });
    started.push(made);
    return made;
  };

  it('gives the lease to one instance, and to another at once when it is released (drain)', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const a = leadership(leases, 'a');
    const b = leadership(leases, 'b');
    const changes: string[] = [];
    a.onChange((leader) => changes.push(`a:${leader}`));
    b.onChange((leader) => changes.push(`b:${leader}`));
    await a.start();
    await b.start();
    expect([a.isLeader, b.isLeader]).toEqual([true, false]);
    expect(a.epoch).toBe(1);
    // The leader renews: still leading well past one TTL.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([a.isLeader, b.isLeader]).toEqual([true, false]);

    await a.stop();
    expect((await leases.current('leader:prices'))?.holder ?? null).not.toBe('a');
    await waitFor(() => expect(b.isLeader).toBe(true));
    expect(b.epoch).toBe(2);
    expect(changes).toEqual(['a:true', 'a:false', 'b:true']);
  });

  it('takes over from a leader that died (stopped renewing) once its lease expires', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const a = leadership(leases, 'a');
    await a.start();
    // "kill -9": its renewals stop, nothing is released.
    (a as unknown as { stopped: boolean }).stopped = true;
    const b = leadership(leases, 'b');
    const since = Date.now();
    await b.start();
    expect(b.isLeader).toBe(false);
    await waitFor(() => expect(b.isLeader).toBe(true));
    expect(Date.now() - since).toBeLessThan(2500);
  });

  it('steps down when its lease was taken by another holder', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const a = leadership(leases, 'a');
    await a.start();
    const held = await leases.current('leader:prices');
    await leases.release(held!);
    await leases.acquire('leader:prices', 'intruder', 10_000);
    await waitFor(() => expect(a.isLeader).toBe(false));
  });

  it('steps down when the store stays unreachable past the lease life', async () => {
    const memory = createMemoryLeaseStore(systemClock);
    let down = false;
    const leases: LeaseStore = {
      ...memory,
      renew: (lease, ttl) => (down ? Promise.reject(new Error('store down')) : memory.renew(lease, ttl)),
    };
    const a = leadership(leases, 'a');
    await a.start();
    down = true;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(a.isLeader).toBe(true);
    await waitFor(() => expect(a.isLeader).toBe(false));
  });
});
