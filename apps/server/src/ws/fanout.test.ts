import { describe, expect, it } from 'vitest';
import type { Quote } from '../modules/market/contract';
import { Fanout, type FrameSink } from './fanout';

class FakeSink implements FrameSink {
  bufferedAmount = 0;
  frames: unknown[] = [];
  terminated = false;
  send(frame: string): void {
    this.frames.push(JSON.parse(frame));
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Symbol -> LastPrice of every tick received, in order. */
  ticks(): [string, number][] {
    return (this.frames as { data: { symbol: string; LastPrice: number }[] }[]).flatMap((frame) =>
      frame.data.map((tick): [string, number] => [tick.symbol, tick.LastPrice]),
    );
  }
}

const quote = (symbol: string, lastPrice: number): Quote => ({
  symbol,
  lastPrice,
  netChange: lastPrice - 100,
  open: 100,
  high: lastPrice,
  low: 100,
  close: 100,
  ts: 1_000,
});

const limits = { coalesceAboveBytes: 1000, dropAboveBytes: 10_000 };

describe('fan-out', () => {
  it('batches every changed subscribed symbol into one ltp frame per client per flush', () => {
    const fanout = new Fanout(limits);
    const a = new FakeSink();
    const b = new FakeSink();
    fanout.subscribe(fanout.addClient(a), ['NIFTY 50', 'SENSEX']);
    fanout.subscribe(fanout.addClient(b), ['SENSEX']);
    fanout.update([quote('NIFTY 50', 101), quote('SENSEX', 102), quote('NIFTY BANK', 103)]);
    expect(fanout.flush()).toEqual({ frames: 2, deliveries: 3, skipped: 0, dropped: 0 });
    expect(a.frames).toEqual([
      {
        channel: 'ltp',
        data: [
          { symbol: 'NIFTY 50', LastPrice: 101, NetChange: 1, OHLC: { close: 100 }, ts: 1000 },
          { symbol: 'SENSEX', LastPrice: 102, NetChange: 2, OHLC: { close: 100 }, ts: 1000 },
        ],
      },
    ]);
    expect(b.ticks()).toEqual([['SENSEX', 102]]);
    // Nothing changed: nothing sent.
    expect(fanout.flush().frames).toBe(0);
  });

  it('stops sending a symbol once unsubscribed, and forgets clients that leave', () => {
    const fanout = new Fanout(limits);
    const sink = new FakeSink();
    const client = fanout.addClient(sink);
    expect(fanout.subscribe(client, ['SENSEX', 'SENSEX', 'NIFTY 50'])).toEqual(['SENSEX', 'NIFTY 50']);
    expect(fanout.unsubscribe(client, ['SENSEX', 'BANKEX'])).toEqual(['SENSEX']);
    fanout.update([quote('SENSEX', 101), quote('NIFTY 50', 102)]);
    fanout.flush();
    expect(sink.ticks()).toEqual([['NIFTY 50', 102]]);
    fanout.removeClient(client);
    fanout.update([quote('NIFTY 50', 103)]);
    expect(fanout.flush().frames).toBe(0);
    expect(fanout.clientCount).toBe(0);
  });

  it('coalesces a slow client to the latest price per symbol without holding up the others', () => {
    const fanout = new Fanout(limits);
    const slow = new FakeSink();
    const fast = new FakeSink();
    fanout.subscribe(fanout.addClient(slow), ['NIFTY 50', 'SENSEX']);
    fanout.subscribe(fanout.addClient(fast), ['NIFTY 50', 'SENSEX']);
    slow.bufferedAmount = 5000;
    for (const price of [101, 102, 103]) {
      fanout.update([quote('NIFTY 50', price)]);
      expect(fanout.flush()).toMatchObject({ frames: 1, skipped: 1 });
    }
    fanout.update([quote('SENSEX', 201)]);
    fanout.flush();
    expect(fast.ticks()).toEqual([
      ['NIFTY 50', 101],
      ['NIFTY 50', 102],
      ['NIFTY 50', 103],
      ['SENSEX', 201],
    ]);
    expect(slow.frames).toEqual([]);
    slow.bufferedAmount = 0;
    expect(fanout.flush()).toMatchObject({ frames: 1, deliveries: 2 });
    expect(slow.ticks()).toEqual([
      ['NIFTY 50', 103],
      ['SENSEX', 201],
    ]);
  });

  it('drops a client whose buffer passes the bound, and only that one', () => {
    const fanout = new Fanout(limits);
    const stuck = new FakeSink();
    const fine = new FakeSink();
    fanout.subscribe(fanout.addClient(stuck), ['NIFTY 50']);
    fanout.subscribe(fanout.addClient(fine), ['NIFTY 50']);
    stuck.bufferedAmount = 20_000;
    fanout.update([quote('NIFTY 50', 101)]);
    expect(fanout.flush()).toEqual({ frames: 1, deliveries: 1, skipped: 0, dropped: 1 });
    expect(stuck.terminated).toBe(true);
    expect(fine.terminated).toBe(false);
    expect(fanout.clientCount).toBe(1);
  });

  it('serialises symbols that need JSON escaping', () => {
    const fanout = new Fanout(limits);
    const sink = new FakeSink();
    fanout.subscribe(fanout.addClient(sink), ['A"B\\C']);
    fanout.update([quote('A"B\\C', 1.05)]);
    fanout.flush();
    expect(sink.ticks()).toEqual([['A"B\\C', 1.05]]);
  });
});
