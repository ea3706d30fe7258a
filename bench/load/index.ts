import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LoopbackClient, Samples } from '../order-path/client';
import type { ClientCommand, ClientEvent, MemorySample, ServerEvent, TradedContract } from './protocol';

// Load benchmark: the whole server (every module, simulator prices, WebSocket gateway, audit trail on SQLite) in its
// own process; a fleet of signed-in sockets subscribed to prices in another; and from this process a fixed rate of
// Practice Mode orders (market and limit, some cancelled). See README.md.

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '100' },
    sockets: { type: 'string', default: '1000' },
    users: { type: 'string', default: '250' },
    warmup: { type: 'string', default: '15' },
    symbols: { type: 'string', default: '200' },
    'per-socket': { type: 'string', default: '20' },
    short: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'node --import tsx bench/load/index.ts [--seconds 60] [--rate 100] [--sockets 1000] [--users 250] ' +
      '[--warmup 15] [--symbols 200] [--per-socket 20] [--short]\n' +
      '--short: a quick check (10 s at 50 orders/s, 100 sockets, 30 users, 5 s warm-up); explicit flags still win',
  );
  process.exit(0);
}
const given = (name: string) => process.argv.includes(`--${name}`);
const pick = (name: keyof typeof args, short: number) =>
  args.short && !given(name) ? short : Number(args[name]);
const SECONDS = pick('seconds', 10);
const RATE = pick('rate', 50);
const SOCKETS = pick('sockets', 100);
const USERS = pick('users', 30);
const WARMUP = pick('warmup', 5);
const SYMBOLS = Number(args.symbols);
const PER_SOCKET = Number(args['per-socket']);
const GROWTH_LIMIT = 0.1;

function ask<T extends { type: string }>(
  child: ChildProcess,
  command: object,
  answer: T['type'],
): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: T) => {
      if (message.type !== answer) return;
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
    if (Object.keys(command).length > 0) child.send(command);
  });
}

type Ready = Extract<ServerEvent, { type: 'ready' }>;
type Stats = Extract<ServerEvent, { type: 'stats' }>;
type Report = Extract<ClientEvent, { type: 'report' }>;

/** Every order request's outcome: latency of the 2xx ones, and the others (never expected) kept to show. */
class OrderResults {
  readonly place = new Samples();
  readonly cancel = new Samples();
  readonly failures: string[] = [];
  /** Each placement's start (performance.now()) and latency, to show how the latency moves over the run. */
  readonly timeline: [number, number][] = [];
  failed = 0;
  fail(what: string) {
    this.failed += 1;
    if (this.failures.length < 10) this.failures.push(what);
  }
}

/**
 * Order n of the mix: 2 in 5 market orders (each user alternates buy and sell, so positions stay small), 3 in 5
 * limit buys far below the market (they rest), two thirds of which are cancelled as soon as they are placed.
 */
function orderMix(ready: Ready) {
  const sides = new Map<number, number>();
  return async (client: LoopbackClient, n: number, results: OrderResults) => {
    const user = n % ready.tokens.length;
    const token = ready.tokens[user] as string;
    const contract = ready.contracts[
      Math.floor(n / ready.tokens.length) % ready.contracts.length
    ] as TradedContract;
    const kind = n % 5;
    const market = kind < 2;
    const count = sides.get(user) ?? 0;
    if (market) sides.set(user, count + 1);
    const body = {
      exchange: contract.exchange,
      internalToken: contract.internalToken,
      quantity: contract.lotSize,
      transactionType: market && count % 2 === 1 ? 'sell' : 'buy',
      product: 'NRML',
      orderType: market ? 'market' : 'limit',
      ...(market ? {} : { triggerPrice: 0.05 }),
    };
    try {
      const placed = await client.request('POST', '/order', token, body);
      const orderId = placed.body.data?.orderId;
      if (placed.status < 200 || placed.status > 299 || !orderId) {
        results.fail(
          `place ${body.orderType} ${body.transactionType}: ${placed.status} ${JSON.stringify(placed.body)}`,
        );
        return;
      }
      results.place.add(placed.ms);
      results.timeline.push([performance.now() - placed.ms, placed.ms]);
      if (market || kind === 2) return;
      const cancelled = await client.request('DELETE', `/order/${orderId}`, token);
      if (cancelled.status >= 200 && cancelled.status <= 299) results.cancel.add(cancelled.ms);
      else results.fail(`cancel: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
    } catch (error) {
      results.fail(`request failed: ${(error as Error).message}`);
    }
  };
}

/** Open loop: starts `rate` orders per second for `seconds`, whatever the latency; n continues from `from`. */
async function atRate(
  run: (n: number) => Promise<void>,
  rate: number,
  seconds: number,
  from: number,
): Promise<{ orders: number; seconds: number; behindMs: number }> {
  const started = performance.now();
  const running: Promise<void>[] = [];
  let behindMs = 0;
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else behindMs = Math.max(behindMs, -wait);
    running.push(run(from + i));
  }
  await Promise.all(running);
  return { orders: total, seconds: (performance.now() - started) / 1000, behindMs };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const growth = (from: number, to: number) => (to - from) / from;
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

async function main(): Promise<number> {
  const started = performance.now();
  const server = fork(
    fileURLToPath(new URL('./server.ts', import.meta.url)),
    [String(USERS), String(SYMBOLS)],
    {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const fleet = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const serverExit = once(server, 'exit').then(([code]) => {
    throw new Error(`the server exited (${code}) during the run`);
  });
  serverExit.catch(() => undefined);
  try {
    const ready = await Promise.race([ask<Ready>(server, {}, 'ready'), serverExit]);
    const stats = () => Promise.race([ask<Stats>(server, { type: 'stats' }, 'stats'), serverExit]);
    const report = () => ask<Report>(fleet, { type: 'report' } satisfies ClientCommand, 'report');
    console.log(
      `server ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${ready.tokens.length} Practice Mode users, ` +
        `${ready.symbols.length} symbols, ${ready.contracts.length} traded contracts`,
    );
    const atStart = await stats();
    const connect: ClientCommand = {
      type: 'connect',
      url: `ws://127.0.0.1:${ready.port}/v1/options-x/websocket`,
      tokens: ready.tokens,
      sockets: SOCKETS,
      symbols: ready.symbols,
      perSocket: PER_SOCKET,
    };
    const connected = await ask<Extract<ClientEvent, { type: 'connected' }>>(fleet, connect, 'connected');
    console.log(
      `sockets: ${connected.sockets} open, ${connected.failed} failed${connected.firstError ? ` (${connected.firstError})` : ''}`,
    );
    const orderClient = new LoopbackClient(ready.port);
    const mix = orderMix(ready);
    const warmupResults = new OrderResults();
    const warm = await atRate((n) => mix(orderClient, n, warmupResults), RATE, WARMUP, 0);
    const afterWarmup = await stats();
    const fleetBefore = await report();
    const results = new OrderResults();
    const loadBefore = loadavg()[0] ?? 0;
    const run = await atRate((n) => mix(orderClient, n, results), RATE, SECONDS, warm.orders);
    const atEnd = await stats();
    const fleetAfter = await report();
    orderClient.close();

    const orders = results.place.count + results.failed;
    const cpuMs = (atEnd.cpuMicros - afterWarmup.cpuMicros) / 1000;
    const heapGrowth = growth(afterWarmup.memory.heapUsedBytes, atEnd.memory.heapUsedBytes);
    const rssGrowth = growth(afterWarmup.memory.rssBytes, atEnd.memory.rssBytes);
    const errors = results.failed + warmupResults.failed + connected.failed + fleetAfter.dropped;
    console.log(
      `\nload benchmark: ${SECONDS} s at ${RATE} orders/s after a ${WARMUP} s warm-up, ${SOCKETS} sockets x ${PER_SOCKET} ` +
        `symbols, ${USERS} users`,
    );
    console.table({
      place: row(results.place, run.seconds),
      cancel: row(results.cancel, run.seconds),
    });
    console.log(
      `orders started: ${run.orders} in ${run.seconds.toFixed(1)} s; the pacer fell behind by at most ${ms(run.behindMs)}`,
    );
    console.log(
      `errors: ${errors} (orders not 2xx: ${results.failed} measured + ${warmupResults.failed} warm-up; sockets failed: ` +
        `${connected.failed}; sockets dropped: ${fleetAfter.dropped}, open at end: ${fleetAfter.open})`,
    );
    console.log('place latency by 10 s window of the run (p50 / p99 / max):');
    const runStart = Math.min(...results.timeline.map(([at]) => at));
    for (let from = 0; from < SECONDS; from += 10) {
      const window = new Samples();
      for (const [at, latency] of results.timeline) {
        const offset = (at - runStart) / 1000;
        if (offset >= from && offset < from + 10) window.add(latency);
      }
      console.log(
        `  ${from}-${from + 10} s: ${ms(window.percentile(50))} / ${ms(window.percentile(99))} / ${ms(window.percentile(100))}`,
      );
    }
    for (const failure of [...warmupResults.failures, ...results.failures]) console.log(`  ${failure}`);
    for (const reason of fleetAfter.dropReasons) console.log(`  dropped: ${reason}`);
    const frames = fleetAfter.frames - fleetBefore.frames;
    console.log(
      `frames delivered during the run: ${frames} (${(frames / run.seconds).toFixed(0)}/s), of which order updates: ` +
        `${fleetAfter.orderFrames - fleetBefore.orderFrames}`,
    );
    const memory = (label: string, sample: MemorySample) =>
      console.log(
        `server memory ${label}: RSS ${mb(sample.rssBytes)}, heap after GC ${mb(sample.heapUsedBytes)}`,
      );
    memory('at start (no sockets)', atStart.memory);
    memory('after warm-up', afterWarmup.memory);
    memory('at end', atEnd.memory);
    console.log(
      `growth after warm-up: heap ${pct(heapGrowth)}, RSS ${pct(rssGrowth)} (limit ${pct(GROWTH_LIMIT)})`,
    );
    console.log(
      `server CPU per order (with its cancel, its fills and the prices sent meanwhile): ${ms(cpuMs / Math.max(1, orders))}; ` +
        `server CPU ${((cpuMs / 1000 / run.seconds) * 100).toFixed(0)}% of a core over the run`,
    );
    console.log(
      `server event loop late during the run (a stall holds every request): p99 ${ms(atEnd.loopLateMs.p99)}, ` +
        `max ${ms(atEnd.loopLateMs.max)}`,
    );
    console.log(
      `machine load average (1 min): ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after, ${cpus().length} cores`,
    );
    const passed = errors === 0 && heapGrowth < GROWTH_LIMIT && rssGrowth < GROWTH_LIMIT;
    console.log(passed ? 'PASS' : 'FAIL');
    return passed ? 0 : 1;
  } finally {
    fleet.send({ type: 'close' } satisfies ClientCommand);
    server.kill('SIGTERM');
    await Promise.all([once(server, 'exit'), once(fleet, 'exit')]).catch(() => undefined);
  }
}

function row(samples: Samples, seconds: number) {
  return {
    'per s': Number((samples.count / seconds).toFixed(1)),
    count: samples.count,
    p50: ms(samples.percentile(50)),
    p95: ms(samples.percentile(95)),
    p99: ms(samples.percentile(99)),
    max: ms(samples.percentile(100)),
  };
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  },
);
