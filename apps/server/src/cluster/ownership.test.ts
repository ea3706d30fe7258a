import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../bus/memory-bus';
import { systemClock } from '../clock';
import { silentLogger } from '../logger';
import type { LeaseStore } from './lease-store';
import { createMemoryLeaseStore } from './memory-lease-store';
import { openOwnership } from './open-ownership';
import { createClusterOwnership, createSoloOwnership, type EngineOwnership } from './ownership';

// The ownership rules over one shared (memory) lease store, with real time and a short time to live: the
// PostgreSQL store and the fencing read are covered by lease-store.test.ts and cluster.test.ts.

const TTL = 300;

function instance(
  leases: LeaseStore,
  id: string,
  users: () => string[],
  rebalance?: { users: number; intervalMs: number },
) {
  const gained: string[] = [];
  const lost: string[] = [];
  const lostAt: number[] = [];
  const ownership = createClusterOwnership({
    instanceId: id,
    leases,
    logger: silentLogger(),
    ttlMs: TTL,
    ...(rebalance ? { rebalance } : {}),
    orphans: async () => {
      const free: string[] = [];
      for (const user of users()) if (!(await leases.current(`user:${user}`))) free.push(user);
      return free;
    },
    holdings: async () => {
      const counts = new Map<string, number>();
      for (const other of ['A', 'B', 'C', 'D'])
        if (await leases.current(`instance:${other}`)) counts.set(other, 0);
      for (const user of users()) {
        const lease = await leases.current(`user:${user}`);
        if (lease) counts.set(lease.holder, (counts.get(lease.holder) ?? 0) + 1);
      }
      return counts;
    },
    storedLease: async () => undefined,
  });
  ownership.onGained(async (userId) => void gained.push(userId));
  ownership.onLost(async (userId) => {
    lost.push(userId);
    lostAt.push(performance.now());
  });
  return { ownership, gained, lost, lostAt };
}

describe('engine ownership', () => {
  const started: EngineOwnership[] = [];
  afterEach(async () => {
    for (const ownership of started.splice(0)) await ownership.stop();
  });

  it('gives a user to the first instance that claims them and names it to the others', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const a = instance(leases, 'A', () => []);
    const b = instance(leases, 'B', () => []);
    expect(await a.ownership.claim('u1')).toEqual({ owner: 'self' });
    expect(await b.ownership.claim('u1')).toEqual({ owner: 'other', holder: 'A' });
    expect(a.gained).toEqual(['u1']);
    expect(b.gained).toEqual([]);
    expect(a.ownership.owns('u1')).toBe(true);
    expect(b.ownership.owns('u1')).toBe(false);
    expect(a.ownership.leaseOf('u1')).toMatchObject({ holder: 'A', epoch: 1 });
  });

  it('keeps a user while renewing; a stopped instance loses them to the sweep of a live one', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const users = () => ['u1'];
    const a = instance(leases, 'A', users);
    const b = instance(leases, 'B', users);
    await a.ownership.claim('u1');
    started.push(a.ownership, b.ownership);
    await a.ownership.start();
    await b.ownership.start();
    await new Promise((resolve) => setTimeout(resolve, TTL * 2));
    expect(b.ownership.owns('u1')).toBe(false);
    await a.ownership.stop();
    await vi.waitFor(() => expect(b.ownership.owns('u1')).toBe(true), { timeout: TTL * 4, interval: 20 });
    expect(b.gained).toEqual(['u1']);
    expect(b.ownership.leaseOf('u1')?.epoch).toBe(2);
    // A stopped acting on it by its own clock, before B could take it.
    expect(a.ownership.owns('u1')).toBe(false);
  });

  it('hears the loss when a renewal finds the lease taken', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const a = instance(leases, 'A', () => []);
    await a.ownership.claim('u1');
    const lease = a.ownership.leaseOf('u1');
    if (!lease) throw new Error('not owned');
    await leases.release(lease);
    await leases.acquire('user:u1', 'B', 60_000);
    started.push(a.ownership);
    await a.ownership.start();
    expect(a.lost).toEqual(['u1']);
    expect(a.ownership.owns('u1')).toBe(false);
  });

  it('spreads a dead instance users over the living by fair share', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const users = () => ['u1', 'u2', 'u3', 'u4'];
    const dead = instance(leases, 'D', users);
    for (const user of users()) await dead.ownership.claim(user);
    await new Promise((resolve) => setTimeout(resolve, TTL + 50));
    const b = instance(leases, 'B', users);
    const c = instance(leases, 'C', users);
    started.push(b.ownership, c.ownership);
    // Both are present (their instance leases) before either sweeps: each takes its half.
    await Promise.all([leases.acquire('instance:B', 'B', 60_000), leases.acquire('instance:C', 'C', 60_000)]);
    await Promise.all([b.ownership.start(), c.ownership.start()]);
    await vi.waitFor(() => expect(b.gained.length + c.gained.length).toBe(4), { timeout: TTL * 6 });
    expect(b.gained).toHaveLength(2);
    expect(c.gained).toHaveLength(2);
    expect(new Set([...b.gained, ...c.gained]).size).toBe(4);
  });

  it('releases everything at once on drain, so another instance takes the users at once', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const a = instance(leases, 'A', () => []);
    const b = instance(leases, 'B', () => []);
    await a.ownership.claim('u1');
    await a.ownership.claim('u2');
    await a.ownership.releaseAll();
    expect(a.lost.sort()).toEqual(['u1', 'u2']);
    expect(await b.ownership.claim('u1')).toEqual({ owner: 'self' });
    expect(b.ownership.leaseOf('u1')?.epoch).toBe(2);
  });

  it('a drained instance never takes a user again, by request or by sweep, and names the new owner', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const users = () => ['u1', 'u2'];
    const a = instance(leases, 'A', users);
    const b = instance(leases, 'B', users);
    await a.ownership.claim('u1');
    started.push(a.ownership, b.ownership);
    await a.ownership.start();
    await a.ownership.releaseAll();
    const gainedBeforeDrain = [...a.gained];
    // A request still reaching A (the load balancer has not seen /ready turn 503): refused, nothing taken.
    await expect(a.ownership.claim('u1')).rejects.toMatchObject({ code: 'engine_unreachable' });
    await expect(a.ownership.enter('u2')).rejects.toMatchObject({ code: 'engine_unreachable' });
    expect(await leases.current('user:u1')).toBeNull();
    expect(await leases.current('user:u2')).toBeNull();
    // B takes both at its sweep; A then names B (a forwarded request goes to B, never to A).
    await b.ownership.start();
    await vi.waitFor(() => expect(b.gained.sort()).toEqual(['u1', 'u2']), { timeout: TTL * 4, interval: 20 });
    expect(await a.ownership.claim('u1')).toEqual({ owner: 'other', holder: 'B' });
    expect(await b.ownership.claim('u1')).toEqual({ owner: 'self' });
    // Even once B is gone, A (drained) takes nothing.
    await b.ownership.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, TTL));
    await expect(a.ownership.claim('u1')).rejects.toMatchObject({ code: 'engine_unreachable' });
    expect(a.gained).toEqual(gainedBeforeDrain);
  });

  it('rebalances to a new instance at most K users per interval, never a user with a command in flight', async () => {
    const leases = createMemoryLeaseStore(systemClock);
    const names = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];
    const users = () => names;
    const interval = TTL * 2;
    const a = instance(leases, 'A', users, { users: 2, intervalMs: interval });
    started.push(a.ownership);
    await a.ownership.start();
    for (const user of names) await a.ownership.claim(user);
    // u1 has a command running on A the whole time.
    const command = await a.ownership.enter('u1');
    expect(command.owner).toBe('self');
    await new Promise((resolve) => setTimeout(resolve, interval));
    expect(a.lost).toEqual([]); // alone: nothing moves
    const b = instance(leases, 'B', users, { users: 2, intervalMs: interval });
    started.push(b.ownership);
    await b.ownership.start();
    // 7 users over 2 instances: A keeps the rounded-up share (4), B gets 3, two at a time.
    await vi.waitFor(() => expect(b.gained).toHaveLength(3), { timeout: interval * 6, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, interval * 1.5));
    expect(b.gained).toHaveLength(3);
    expect(a.lost).toHaveLength(3);
    expect(a.lost).not.toContain('u1');
    expect(a.ownership.owns('u1')).toBe(true);
    // The first two went in one interval, the third at least one interval later.
    expect((a.lostAt[2] ?? 0) - (a.lostAt[0] ?? 0)).toBeGreaterThanOrEqual(interval - 50);
    for (const user of b.gained) {
      expect(a.ownership.owns(user)).toBe(false);
      expect(b.ownership.owns(user)).toBe(true);
    }
    if (command.owner === 'self') command.done();
  });

  it('is clustered only on PostgreSQL with a Redis bus', async () => {
    const bus = createMemoryBus(silentLogger());
    const base = { instanceId: 'one', leaseTtlMs: TTL, db: {} as never, bus, logger: silentLogger() };
    const leases = createMemoryLeaseStore(systemClock);
    expect((await openOwnership({ ...base, dialect: 'sqlite', leases })).clustered).toBe(false);
    // PostgreSQL alone (no shared bus to forward over) is still one process owning everyone.
    expect((await openOwnership({ ...base, dialect: 'postgres', leases })).clustered).toBe(false);
    await bus.close();
  });

  it('owns everyone and fences nothing when not clustered', async () => {
    const solo = createSoloOwnership('one');
    expect(solo.clustered).toBe(false);
    expect(solo.owns('anyone')).toBe(true);
    expect(await solo.claim('anyone')).toEqual({ owner: 'self' });
    await expect(solo.fence({} as never, 'anyone')).resolves.toBeUndefined();
  });
});
