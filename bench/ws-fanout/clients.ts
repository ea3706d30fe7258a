import WebSocket from 'ws';
import type { ClientCommand, ClientEvent } from './protocol';
import { symbolsForClient } from './protocol';

// Child process: the client fleet. Each socket subscribes its symbols; every received tick's latency is
// `now - ts` (same machine, same clock). Frames are scanned, not JSON-parsed, so the fleet stays cheap.

const MAX_MS = 5000;
const histogram = new Float64Array(MAX_MS + 1);
let frames = 0;
let ticks = 0;
let since = performance.now();
let cpuSince = process.cpuUsage();
const sockets: WebSocket[] = [];
const send = (event: ClientEvent) => process.send?.(event);

const TS_KEY = Buffer.from('"ts":');

/** Finds every `"ts":<digits>` in the raw frame bytes (no string decoding, no JSON parsing). */
function onFrame(frame: Buffer): void {
  frames += 1;
  const now = Date.now();
  for (let at = frame.indexOf(TS_KEY); at >= 0; at = frame.indexOf(TS_KEY, at + TS_KEY.length)) {
    let ts = 0;
    for (let i = at + TS_KEY.length; i < frame.length && frame[i]! >= 48 && frame[i]! <= 57; i += 1) {
      ts = ts * 10 + frame[i]! - 48;
    }
    histogram[Math.min(MAX_MS, Math.max(0, now - ts))]! += 1;
    ticks += 1;
  }
}

function percentile(fraction: number): number {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return Number.NaN;
  let seen = 0;
  for (let ms = 0; ms <= MAX_MS; ms += 1) {
    seen += histogram[ms]!;
    if (seen >= total * fraction) return ms;
  }
  return MAX_MS;
}

async function connectAll(command: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${command.url}?token=bench-${index}`, {
        perMessageDeflate: false,
        skipUTF8Validation: true,
      });
      socket.on('message', (data) => onFrame(data as Buffer));
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(
          JSON.stringify({
            action: 'subscribe',
            symbols: symbolsForClient(index, command.symbols, command.subscriptionsPerClient),
          }),
        );
        sockets.push(socket);
        resolve();
      });
    });
  const BATCH = 50;
  for (let start = 0; start < command.clients; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, command.clients - start) }, (_, i) => open(start + i));
    await Promise.all(batch);
  }
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'connect') {
    void connectAll(command).then(() => send({ type: 'connected', clients: sockets.length }));
  } else if (command.type === 'reset') {
    histogram.fill(0);
    frames = 0;
    ticks = 0;
    since = performance.now();
    cpuSince = process.cpuUsage();
  } else if (command.type === 'report') {
    const seconds = (performance.now() - since) / 1000;
    const cpu = process.cpuUsage(cpuSince);
    const cpuMicros = cpu.user + cpu.system;
    send({
      type: 'report',
      seconds,
      frames,
      ticks,
      p50Ms: percentile(0.5),
      p99Ms: percentile(0.99),
      cpuMicros,
    });
  } else {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
