import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, harness, settle } from '../../../../test/helpers/stream-harness';
import type { BrokerOrderEvent } from '../broker';
import { type OrderReport, OrderReportTracker } from './order-tracker';
import { jsonFrame } from './stream-with-polling';

// What the stream's frames do: doorbells read the order book one read at a time and again while it lags, an
// acknowledgement or refusal frame moves the stream's state, heartbeats, duplicate and out-of-order orders.

describe('stream frames', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('doorbells during a read make one more read, not one each', async () => {
    const h = harness();
    h.channel.open('u1', account);
    await settle();
    h.last().opened();
    h.bookChanges.push(1, 2, 1);
    for (let i = 0; i < 5; i += 1) h.last().frame('changed');
    await settle();
    // The catch-up on open, then one read for the five doorbells.
    expect(h.reads()).toBe(2);
    h.channel.closeAll();
  });

  it('a doorbell whose read shows nothing new reads again with a growing pause until the change shows', async () => {
    const h = harness({ doorbellRetry: { attempts: 5, firstMs: 100, maxMs: 400 } });
    h.channel.open('u1', account);
    await settle();
    h.bookChanges.push(1);
    h.last().opened();
    await settle();
    const before = h.reads();
    // The book lags the push: two reads answer the old book, the third shows the change.
    h.bookChanges.push(0, 0, 1);
    h.last().frame('changed');
    await settle();
    expect(h.reads()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.reads()).toBe(before + 2);
    await vi.advanceTimersByTimeAsync(200);
    expect(h.reads()).toBe(before + 3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.reads()).toBe(before + 3);
    h.channel.closeAll();
  });

  it('re-reads after a doorbell or a (re)connect are bounded; a poll that finds nothing is not re-read', async () => {
    const h = harness({ doorbellRetry: { attempts: 3, firstMs: 100, maxMs: 400 }, bookLagsStream: true }, 0);
    h.channel.open('u1', account);
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    // A poll found nothing: no re-reads.
    expect(h.reads()).toBe(1);
    h.last().opened();
    await vi.advanceTimersByTimeAsync(10_000);
    // The catch-up on open found nothing: where the book lags the stream, a change pushed while it was down may not
    // be in the book yet.
    expect(h.reads()).toBe(1 + 1 + 3);
    h.last().frame('changed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.reads()).toBe(5 + 1 + 3);
    h.channel.closeAll();
  });

  it('a catch-up on connect that finds nothing is not re-read where the book keeps up with the stream', async () => {
    const h = harness({ doorbellRetry: { attempts: 3, firstMs: 100, maxMs: 400 } }, 0);
    h.channel.open('u1', account);
    await settle();
    h.last().opened();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.reads()).toBe(1);
    h.channel.closeAll();
  });

  it('goes live on an acknowledgement frame when the broker says so; a refusal frame drops the socket', async () => {
    const h = harness({
      liveOn: 'ack',
      frame: (_userId, frame, line) => {
        if (frame.text === 'ok') {
          line.send('subscribe');
          return 'live';
        }
        return frame.text === 'no' ? 'refused' : 'ignore';
      },
    });
    h.channel.open('u1', account);
    await settle();
    h.last().opened();
    expect(h.channel.state('u1')).toBe('poll');
    h.last().frame('ok');
    expect(h.channel.state('u1')).toBe('live');
    expect(h.last().sent).toEqual(['login tok', 'subscribe']);
    h.last().frame('no');
    expect(h.channel.state('u1')).toBe('poll');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sockets).toHaveLength(2);
    h.channel.closeAll();
  });

  it('keeps the line alive with heartbeats and reads the book now and then while streaming when asked to', async () => {
    const h = harness({
      heartbeat: { everyMs: 500, frame: () => 'h' },
      pollWhileStreamingMs: 3000,
    });
    h.channel.open('u1', account);
    await settle();
    h.last().opened();
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.last().sent.filter((s) => s === 'h')).toHaveLength(6);
    expect(h.reads()).toBe(2);
    h.channel.closeAll();
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.reads()).toBe(2);
  });

  it('duplicate and out-of-order order frames reach the tracker, which reports each change once', async () => {
    const tracker = new OrderReportTracker('Test');
    const events: BrokerOrderEvent[] = [];
    const report = (status: OrderReport['status'], filled: number): OrderReport => ({
      orderId: '7',
      status,
      quantity: 50,
      filledQuantity: filled,
      averagePrice: filled ? 100 : 0,
    });
    const h = harness({
      frame: (_userId, frame) => {
        const [status, filled] = frame.text.split(':') as [OrderReport['status'], string];
        events.push(...tracker.events(report(status, Number(filled))));
        return 'ignore';
      },
    });
    h.channel.open('u1', account);
    await settle();
    h.last().opened();
    for (const text of ['open:0', 'open:0', 'open:25', 'complete:50', 'open:25', 'complete:50'])
      h.last().frame(text);
    expect(events.map((e) => e.type)).toEqual(['accepted', 'fill', 'fill']);
    h.channel.closeAll();
  });
});

describe('jsonFrame', () => {
  it('reads a JSON object frame and nothing else', () => {
    expect(jsonFrame('{"t":"om","norenordno":"1"}')).toEqual({ t: 'om', norenordno: '1' });
    for (const text of ['pong', 'null', '[1,2]', '42', '{"t":']) expect(jsonFrame(text)).toBeUndefined();
  });
});
