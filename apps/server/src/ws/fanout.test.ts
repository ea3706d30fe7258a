import { describe, expect, it } from 'vitest';
import type { Quote } from '../modules/market/contract';
import { Fanout, type FrameSink } from './fanout';
import { type LtpFrame, payloadOf } from './wire-frame';

class FakeSink implements FrameSink {
  bufferedAmount = 0;
  frames: unknown[] = [];
  wires: Buffer[] = [];
  terminated = false;
  send(frame: LtpFrame): void {
    this.frames.push(JSON.parse(payloadOf(frame).toString('utf8')));
    this.wires.push(frame.wire);
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

describe('fan-out to clients watching the same symbols', () => {
  it('builds one frame per symbol set and sends the same bytes to each of its clients', () => {
    const fanout = new Fanout(limits);
    const [a, b, c] = [new FakeSink(), new FakeSink(), new FakeSink()];
    fanout.subscribe(fanout.addClient(a), ['NIFTY 50', 'SENSEX']);
    fanout.subscribe(fanout.addClient(b), ['SENSEX', 'NIFTY 50']);
    fanout.subscribe(fanout.addClient(c), ['SENSEX']);
    fanout.update([quote('NIFTY 50', 101), quote('SENSEX', 102)]);
    expect(fanout.flush()).toEqual({ frames: 3, deliveries: 5, skipped: 0, dropped: 0 });
    expect(b.wires[0]).toBe(a.wires[0]);
    expect(c.wires[0]).not.toBe(a.wires[0]);
    expect(b.ticks()).toEqual([
      ['NIFTY 50', 101],
      ['SENSEX', 102],
    ]);
    expect(c.ticks()).toEqual([['SENSEX', 102]]);
  });

  it('gives a client back from a skip its own catch-up frame, latest prices only, while its set shares', () => {
    const fanout = new Fanout(limits);
    const [slow, fast, other] = [new FakeSink(), new FakeSink(), new FakeSink()];
    for (const sink of [slow, fast, other]) fanout.subscribe(fanout.addClient(sink), ['NIFTY 50', 'SENSEX']);
    slow.bufferedAmount = 5000;
    fanout.update([quote('NIFTY 50', 101), quote('SENSEX', 201)]);
    expect(fanout.flush()).toMatchObject({ frames: 2, skipped: 1 });
    fanout.update([quote('NIFTY 50', 102)]);
    fanout.flush();
    slow.bufferedAmount = 0;
    fanout.update([quote('NIFTY 50', 103)]);
    expect(fanout.flush()).toEqual({ frames: 3, deliveries: 4, skipped: 0, dropped: 0 });
    expect(slow.ticks()).toEqual([
      ['NIFTY 50', 103],
      ['SENSEX', 201],
    ]);
    expect(fast.ticks()).toEqual([
      ['NIFTY 50', 101],
      ['SENSEX', 201],
      ['NIFTY 50', 102],
      ['NIFTY 50', 103],
    ]);
    expect(other.wires.at(-1)).toBe(fast.wires.at(-1));
    expect(slow.wires.at(-1)).not.toBe(fast.wires.at(-1));
  });

  it('moves a client to another set when it changes its symbols, and forgets symbols no one watches', () => {
    const fanout = new Fanout(limits);
    const [a, b] = [new FakeSink(), new FakeSink()];
    const clientA = fanout.addClient(a);
    fanout.subscribe(clientA, ['NIFTY 50', 'SENSEX']);
    fanout.subscribe(fanout.addClient(b), ['NIFTY 50', 'SENSEX']);
    expect(fanout.unsubscribe(clientA, ['SENSEX'])).toEqual(['SENSEX']);
    expect(fanout.symbolsOf(clientA)).toEqual(['NIFTY 50']);
    fanout.update([quote('NIFTY 50', 101), quote('SENSEX', 201)]);
    fanout.flush();
    expect(a.ticks()).toEqual([['NIFTY 50', 101]]);
    expect(b.ticks()).toEqual([
      ['NIFTY 50', 101],
      ['SENSEX', 201],
    ]);
    fanout.removeClient(clientA);
    fanout.removeClient(clientA);
    expect(fanout.subscribe(clientA, ['BANKEX'])).toEqual([]);
    fanout.update([quote('BANKEX', 5)]);
    expect(fanout.hasChanges).toBe(false);
    fanout.update([quote('SENSEX', 202)]);
    expect(fanout.flush()).toMatchObject({ frames: 1, deliveries: 1 });
  });
});
