import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, harness, settle } from '../../../../test/helpers/stream-harness';
import type { SocketTarget } from './stream-with-polling';

// The kit's order-update channel: polling until the stream is up and while it is down, reconnects with a growing
// pause, a catch-up read each time it comes up, a dead token, closes at every step.

describe('createStreamWithPollingChannel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls until the socket opens, then streams: greets, catches up once, stops polling', async () => {
    const h = harness();
    h.channel.open('u1', account);
    await settle();
    expect(h.channel.state('u1')).toBe('poll');
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.reads()).toBe(2);
    h.last().opened();
    await settle();
    expect(h.last().sent).toEqual(['login tok']);
    expect(h.channel.state('u1')).toBe('live');
    expect(h.reads()).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.reads()).toBe(3);
    h.channel.closeAll();
  });

  it('falls back to polling on a drop, reconnects with a doubling pause and catches up on reconnect', async () => {
    const h = harness();
    h.channel.open('u1', account);
    await settle();
    h.last().opened();
    await settle();
    const readsWhileUp = h.reads();
    h.last().drop();
    expect(h.channel.state('u1')).toBe('poll');
    await vi.advanceTimersByTimeAsync(1000);
    // Polled once, and the first retry opened a new socket.
    expect(h.reads()).toBe(readsWhileUp + 1);
    expect(h.sockets).toHaveLength(2);
    h.last().drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sockets).toHaveLength(3);
    h.last().drop();
    await vi.advanceTimersByTimeAsync(4000);
    expect(h.sockets).toHaveLength(4);
    const before = h.reads();
    h.last().opened();
    await settle();
    expect(h.channel.state('u1')).toBe('live');
    expect(h.reads()).toBe(before + 1);
    // Up again: the pause starts over.
    h.last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sockets).toHaveLength(5);
    h.channel.closeAll();
  });

  it('a failing target is retried after the pause (longer where the broker says so); the book is polled meanwhile', async () => {
    let calls = 0;
    const h = harness({
      target: () => {
        calls += 1;
        throw new Error('no stream for this account');
      },
      retryDelay: (_reason, delay) => delay * 10,
    });
    h.channel.open('u1', account);
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(9999);
    expect(calls).toBe(1);
    expect(h.reads()).toBe(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    expect(h.channel.state('u1')).toBe('poll');
    h.channel.closeAll();
  });

  it('a 401 on the upgrade reports the dead token once and never reconnects', async () => {
    const refused: string[] = [];
    const h = harness({ onAuthRefused: (userId) => refused.push(userId) });
    h.channel.open('u1', account);
    await settle();
    h.last().refuseUpgrade(401);
    h.last().drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused).toEqual(['u1']);
    expect(h.sockets).toHaveLength(1);
    expect(h.channel.state('u1')).toBe('poll');
    h.channel.closeAll();
  });

  it('a close while the target is still being fetched opens no socket', async () => {
    let answer: (target: SocketTarget) => void = () => undefined;
    const h = harness({ target: () => new Promise<SocketTarget>((resolve) => (answer = resolve)) });
    h.channel.open('u1', account);
    await settle();
    h.channel.close('u1');
    answer({ url: 'ws://broker.test/orders' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sockets).toHaveLength(0);
    expect(h.reads()).toBe(0);
    expect(h.channel.state('u1')).toBeUndefined();
  });

  it('a close while the socket is connecting ends it; its late events change nothing', async () => {
    const h = harness();
    h.channel.open('u1', account);
    await settle();
    const socket = h.last();
    h.channel.close('u1');
    expect(socket.terminated).toBe(true);
    socket.opened();
    socket.drop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sockets).toHaveLength(1);
    expect(socket.sent).toEqual([]);
    expect(h.reads()).toBe(0);
  });
});
