import { afterEach, describe, expect, it } from 'vitest';
import { createZerodhaFixture, eventually, type ZerodhaFixture } from '../../test/fakes/kite/zerodha-fixture';
import { systemClock } from '../clock';
import { silentLogger } from '../logger';
import { createZerodhaService, type ZerodhaService } from '../modules/brokers/zerodha/service';
import type { LeaseStore } from './lease-store';
import { createMemoryLeaseStore } from './memory-lease-store';
import { createClusterOwnership, type EngineOwnership } from './ownership';

// A live broker's update channel (here Zerodha's ticker, which carries order updates and the user's own prices)
// runs only on the instance holding the user's lease: each "instance" below is an ownership on one shared lease
// store plus a Zerodha service on one shared store, wired as the app wires them (user-engines.ts), against the
// fake Kite, whose ticker server counts the sockets opened to it.

const TTL = 300;

describe('live-broker update channels in a cluster', () => {
  let f: ZerodhaFixture;
  const running: Array<{ ownership: EngineOwnership; service: ZerodhaService }> = [];
  afterEach(async () => {
    for (const each of running.splice(0)) {
      await each.ownership.stop();
      each.service.close();
    }
    await f?.close();
  });

  const instance = (leases: LeaseStore, id: string, users: string[]) => {
    const ownership = createClusterOwnership({
      instanceId: id,
      leases,
      logger: silentLogger(),
      ttlMs: TTL,
      orphans: async () => {
        const free: string[] = [];
        for (const user of users) if (!(await leases.current(`user:${user}`))) free.push(user);
        return free;
      },
      holdings: async () => {
        const counts = new Map<string, number>();
        for (const other of ['A', 'B', 'C'])
          if (await leases.current(`instance:${other}`)) counts.set(other, 0);
        return counts;
      },
      storedLease: async () => undefined,
    });
    const service = createZerodhaService({
      vault: f.vault,
      accounts: { activeBrokerOf: async () => 'ZERODHA', linkBroker: async () => undefined },
      clock: f.clock,
      logger: silentLogger(),
      owns: ownership.owns,
      settings: {
        apiUrl: f.kite.url,
        loginUrl: f.kite.loginUrl,
        tickerUrl: f.kite.tickerUrl,
        algoId: undefined,
      },
      tickerTiming: { minDelayMs: 30, maxDelayMs: 200, silenceMs: 2000 },
    });
    ownership.onGained((userId) => service.adopt(userId));
    ownership.onLost(async (userId) => service.release(userId));
    const each = { ownership, service };
    running.push(each);
    return each;
  };
  const updatesOf = async (service: ZerodhaService, userId: string) => (await service.status(userId)).updates;

  it('only the owner opens the broker socket; a drained owner closes it, a killed one is replaced by the next', async () => {
    f = await createZerodhaFixture();
    const trader = await f.loggedInUser();
    // The fixture's own service (the login) is not part of the cluster: its ticker goes.
    f.service.close();
    await eventually(() => expect(f.kite.ticker.openSockets()).toBe(0));

    const leases = createMemoryLeaseStore(systemClock);
    const a = instance(leases, 'A', [trader]);
    const b = instance(leases, 'B', [trader]);
    // Module start happens before any lease is taken: nobody owns the trader, nobody opens their channel.
    await a.service.start();
    await b.service.start();
    expect(await updatesOf(a.service, trader)).toBe('off');
    expect(await updatesOf(b.service, trader)).toBe('off');

    // A serves the trader first: A opens the ticker, B does not.
    expect(await a.ownership.claim(trader)).toEqual({ owner: 'self' });
    await eventually(async () => expect(await updatesOf(a.service, trader)).toBe('connected'));
    expect(f.kite.ticker.openSockets()).toBe(1);
    expect(await b.ownership.claim(trader)).toEqual({ owner: 'other', holder: 'A' });
    expect(await updatesOf(b.service, trader)).toBe('off');

    // A drains: its socket closes and B, taking the trader, opens its own.
    await a.ownership.releaseAll();
    expect(await updatesOf(a.service, trader)).toBe('off');
    expect(await b.ownership.claim(trader)).toEqual({ owner: 'self' });
    await eventually(async () => expect(await updatesOf(b.service, trader)).toBe('connected'));
    await eventually(() => expect(f.kite.ticker.openSockets()).toBe(1));

    // C joins; B is killed (no renewals, its sockets die with it): C's sweep takes the trader and opens the ticker.
    const c = instance(leases, 'C', [trader]);
    await c.service.start();
    expect(await updatesOf(c.service, trader)).toBe('off');
    await c.ownership.start();
    expect(c.ownership.owns(trader)).toBe(false);
    await b.ownership.stop();
    b.service.close();
    await eventually(() => expect(c.ownership.owns(trader)).toBe(true), TTL * 6);
    await eventually(async () => expect(await updatesOf(c.service, trader)).toBe('connected'));
    await eventually(() => expect(f.kite.ticker.openSockets()).toBe(1));
  });
});
