import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createTestBus, describeEachBus } from '../../test/helpers/test-bus';
import type { Bus } from './bus';

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 10 });

describeEachBus('bus', (kind) => {
  let bus: Bus;
  beforeEach(async () => {
    bus = await createTestBus(kind);
  });
  afterEach(async () => {
    await bus.close();
  });

  it('delivers a message to every subscriber of its topic', async () => {
    expect(bus.kind).toBe(kind);
    const first = vi.fn();
    const second = vi.fn();
    bus.subscribe('session.revoked', first);
    bus.subscribe('session.revoked', second);
    await bus.ready();
    await bus.publish('session.revoked', { userId: 'u1', sessionIds: ['s1', 's2'] });
    await waitFor(() => {
      expect(first).toHaveBeenCalledWith({ userId: 'u1', sessionIds: ['s1', 's2'] });
      expect(second).toHaveBeenCalledTimes(1);
    });
  });

  it('says it is connected until closed (readiness reads it)', async () => {
    await bus.ready();
    expect(bus.connected()).toBe(true);
    const other = await createTestBus(kind);
    await other.close();
    expect(other.connected()).toBe(false);
  });

  it('stops delivering after unsubscribe', async () => {
    const kept = vi.fn();
    const dropped = vi.fn();
    bus.subscribe('session.revoked', kept);
    const unsubscribe = bus.subscribe('session.revoked', dropped);
    await bus.ready();
    unsubscribe();
    await bus.ready();
    await bus.publish('session.revoked', { userId: 'u2', sessionIds: [] });
    await waitFor(() => expect(kept).toHaveBeenCalledTimes(1));
    expect(dropped).not.toHaveBeenCalled();
  });

  it('keeps delivering when one handler throws', async () => {
    const after = vi.fn();
    bus.subscribe('session.revoked', () => {
      throw new Error('handler bug');
    });
    bus.subscribe('session.revoked', async () => {
      throw new Error('async handler bug');
    });
    bus.subscribe('session.revoked', after);
    await bus.ready();
    await expect(
      bus.publish('session.revoked', { userId: 'u3', sessionIds: ['s'] }),
    ).resolves.toBeUndefined();
    await waitFor(() => expect(after).toHaveBeenCalledTimes(1));
  });
});
