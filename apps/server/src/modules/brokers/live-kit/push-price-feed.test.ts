import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { silentLogger } from '../../../logger';
import type { BrokerStreamState, RawTick } from '../../market/contract';
import type { BrokerContract } from './instrument-master';
import { PushedPriceFeed, type PushFrame, type PushProtocol } from './push-price-feed';

// The kit's socket loop for binary protocols: the session at the handshake (headers), bytes both ways, several
// subscribe frames, and a session refused at the handshake (HTTP 401) ending the feed instead of retrying forever.

const contract = (id: number): BrokerContract => ({
  instrumentId: String(id),
  tradingSymbol: `SYM${id}`,
  exchange: 'NFO',
  underlying: 'NIFTY',
  expiry: '2026-12-29',
  strike: 26_000 + id,
  optionType: 'CE',
  lotSize: 65,
});

/** A toy binary protocol: a tick is [id u32 LE][price in paise u32 LE]; subscribe is one id per frame. */
const protocol = (url: string): PushProtocol => ({
  target: ({ token }) => ({ url, headers: { authorization: `Bearer ${token}` } }),
  read(frame: PushFrame) {
    if (typeof frame === 'string' || frame.length < 8) return undefined;
    const ticks = [];
    for (let at = 0; at + 8 <= frame.length; at += 8)
      ticks.push({ key: String(frame.readUInt32LE(at)), lastPrice: frame.readUInt32LE(at + 4) / 100 });
    return { kind: 'ticks', ticks };
  },
  keyOf: (c) => c.instrumentId,
  subscribe: (contracts) => contracts.map((c) => Buffer.from(`sub:${c.instrumentId}`)),
  unsubscribe: (contracts) => contracts.map((c) => Buffer.from(`unsub:${c.instrumentId}`)),
});

// Generous: the whole suite runs beside this file on a shared machine; a pass is usually a few milliseconds.
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 10 });

let server: Server;
let sockets: WebSocketServer;
afterEach(async () => {
  sockets?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function broker(validToken: string, autoPong = true, stallOnPingMs = 0) {
  const received: string[] = [];
  const open: WebSocket[] = [];
  const pings: number[] = [];
  server = createServer();
  sockets = new WebSocketServer({ noServer: true, autoPong });
  server.on('upgrade', (request: IncomingMessage, socket, head) => {
    if (request.headers.authorization !== `Bearer ${validToken}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      open.push(ws);
      ws.on('message', (data, isBinary) => received.push(`${isBinary ? 'bin' : 'text'} ${String(data)}`));
      ws.on('ping', () => {
        pings.push(open.indexOf(ws));
        // The pong is already written; a busy process cannot read it before its own timer comes due.
        const until = performance.now() + stallOnPingMs;
        while (performance.now() < until) {}
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}/feed`, received, open, pings };
}

function feed(url: string, token: string, livenessMs?: number) {
  const states: BrokerStreamState[] = [];
  const ticks: RawTick[] = [];
  const expired = vi.fn();
  const byId = new Map([1, 2].map((id) => [`SYM${id}`, contract(id)]));
  const f = new PushedPriceFeed({
    name: 'toy:u1',
    protocol: protocol(url),
    master: { contractFor: async (symbol) => byId.get(symbol)! },
    credentials: async () => ({ account: {} as never, token }),
    onState: (state) => states.push(state),
    onTokenExpired: expired,
    now: () => 1,
    logger: silentLogger(),
    reconnectMs: 20,
    ...(livenessMs ? { livenessMs } : {}),
  });
  f.onTicks((batch) => ticks.push(...batch));
  return { f, states, ticks, expired };
}

describe('PushedPriceFeed on a binary protocol', () => {
  it('connects with the session in headers, subscribes frame by frame, and reads binary ticks', async () => {
    const b = await broker('good');
    const { f, states, ticks } = feed(b.url, 'good');
    f.subscribe(['SYM1', 'SYM2']);
    f.resume();
    await waitFor(() => expect(states).toContain('connected'));
    await waitFor(() => expect(b.received.sort()).toEqual(['bin sub:1', 'bin sub:2']));
    const frame = Buffer.alloc(16);
    frame.writeUInt32LE(1, 0);
    frame.writeUInt32LE(14_135, 4);
    frame.writeUInt32LE(2, 8);
    frame.writeUInt32LE(9_005, 12);
    b.open[0]!.send(frame);
    b.open[0]!.send(Buffer.from([1, 2, 3])); // short: ignored, never thrown
    await waitFor(() =>
      expect(ticks).toEqual([
        { symbol: 'SYM1', price: 141.35, ts: 1 },
        { symbol: 'SYM2', price: 90.05, ts: 1 },
      ]),
    );
    // A dropped line reconnects and subscribes everything again.
    b.open[0]!.terminate();
    await waitFor(() => expect(b.open).toHaveLength(2));
    await waitFor(() => expect(b.received.filter((r) => r === 'bin sub:1')).toHaveLength(2));
    f.halt();
  });

  it('ends the feed when the broker refuses the session at the handshake (no retry, never simulated)', async () => {
    const b = await broker('good');
    const { f, states, expired } = feed(b.url, 'stale-token');
    f.subscribe(['SYM1']);
    f.resume();
    await waitFor(() => expect(states).toContain('ended'));
    expect(expired).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.open).toHaveLength(0);
    expect(states.filter((s) => s === 'ended')).toHaveLength(1);
  });

  it('drops a line that answers no ping (half-open) and reconnects; a line that answers stays', async () => {
    const b = await broker('good', false);
    const { f, states } = feed(b.url, 'good', 40);
    f.subscribe(['SYM1']);
    f.resume();
    await waitFor(() => expect(states).toContain('connected'));
    await waitFor(() => expect(b.open.length).toBeGreaterThanOrEqual(2));
    expect(states).toContain('disconnected');
    f.halt();

    sockets.close();
    await new Promise((resolve) => server.close(resolve));
    const alive = await broker('good');
    const steady = feed(alive.url, 'good', 40);
    steady.f.resume();
    await waitFor(() => expect(steady.states).toContain('connected'));
    await waitFor(() => expect(alive.pings.length).toBeGreaterThanOrEqual(4));
    expect(alive.open).toHaveLength(1);
    expect(steady.states).not.toContain('disconnected');
    steady.f.halt();
  });

  it('keeps a line that answers when this process stalls (a long pause is not the line dying)', async () => {
    const b = await broker('good', true, 150);
    const { f, states } = feed(b.url, 'good', 40);
    f.resume();
    await waitFor(() => expect(states).toContain('connected'));
    await waitFor(() => expect(b.pings.length).toBeGreaterThanOrEqual(4));
    expect(b.open).toHaveLength(1);
    expect(states).not.toContain('disconnected');
    f.halt();
  });
});
