import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { LoopbackClient, Samples } from './client';

// Order path benchmark: concurrent clients placing and cancelling Practice Mode orders over HTTP on
// loopback against the real server (auth, order manager, paper exchange, SQLite) in another process, and the same
// load on a bare Fastify POST route of that server, measured in the same run.
// Run: node --import tsx bench/order-path/index.ts [seconds=10] [concurrency=64] [users=50]

const SECONDS = Number(process.argv[2] ?? 10);
const CONCURRENCY = Number(process.argv[3] ?? 64);
const USERS = Number(process.argv[4] ?? 50);
const RATE = 200;
const ROUNDS = 3;
// BENCH_INSTANCES=2: two server instances on one PostgreSQL schema and one Redis (BENCH_DATABASE_URL,
// BENCH_REDIS_URL), each order placed through one and cancelled through the other (half the requests are
// forwarded to the user's owner). BENCH_INSTANCES=1 with the URLs: one clustered instance, for the comparison.
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 0);
const CLUSTER_SCHEMA = `xt_bench_${Math.floor(Date.now() / 1000)}`;

interface Server {
  process: ChildProcess;
  port: number;
  tokens: string[];
  internalToken: string;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const script = fileURLToPath(new URL('./server.ts', import.meta.url));
  // BENCH_PROFILE=<dir> writes a CPU profile of the server process there (see README).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const args = [...profile, '--import', 'tsx', script, String(USERS)];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await once(lines, 'line')) as [string];
  return { process: child, ...JSON.parse(line) };
}

interface ServerStats {
  micros: number;
  loopLateMs: { p99: number; max: number };
}

/** Every instance's clients (cluster mode), for the CPU figures: set by main. */
let statClients: LoopbackClient[] = [];

/** The CPU of every server instance, summed; the event loop lateness of the latest one. */
async function serverStats(client: LoopbackClient): Promise<ServerStats> {
  const all = statClients.length > 0 ? statClients : [client];
  let micros = 0;
  let loopLateMs = { p99: 0, max: 0 };
  for (const each of all) {
    const response = await each.request('GET', '/bench/stats', undefined);
    const stats = (response.body as unknown as { data: ServerStats }).data;
    micros += stats.micros;
    loopLateMs = {
      p99: Math.max(loopLateMs.p99, stats.loopLateMs.p99),
      max: Math.max(loopLateMs.max, stats.loopLateMs.max),
    };
  }
  return { micros, loopLateMs };
}

/** Runs a phase and adds the server CPU it cost (ms) and how late its event loop ran during it. */
async function measured<T>(
  client: LoopbackClient,
  phase: () => Promise<T>,
): Promise<T & { cpuMs: number; loopLateMs: ServerStats['loopLateMs'] }> {
  const before = await serverStats(client);
  const result = await phase();
  const after = await serverStats(client);
  return { ...result, cpuMs: (after.micros - before.micros) / 1000, loopLateMs: after.loopLateMs };
}

/** One unit of work: place a resting limit order then cancel it (the order path), or two bare POSTs. */
type Operation = (client: LoopbackClient, n: number, place: Samples, cancel: Samples) => Promise<void>;

/** Cluster mode: each order placed through one instance and cancelled through the next. */
function orderOperation(server: Server, instances: LoopbackClient[] = []): Operation {
  const body = {
    exchange: 'NFO',
    internalToken: server.internalToken,
    quantity: 65,
    transactionType: 'buy',
    product: 'NRML',
    orderType: 'limit',
    triggerPrice: 1,
  };
  return async (client, n, place, cancel) => {
    const token = server.tokens[n % server.tokens.length];
    const placing = instances.length > 0 ? (instances[n % instances.length] ?? client) : client;
    const cancelling = instances.length > 0 ? (instances[(n + 1) % instances.length] ?? client) : client;
    // As the web app sends an order: its key press and request times and the price the card showed.
    const now = Date.now();
    const timed = { ...body, pressedAt: now, requestedAt: now, shownPrice: 1 };
    const placed = await placing.request('POST', '/order', token, timed);
    const orderId = placed.body.data?.orderId;
    if (placed.status !== 200 || !orderId) {
      place.errors += 1;
      return;
    }
    place.add(placed.ms);
    const cancelled = await cancelling.request('DELETE', `/order/${orderId}`, token);
    if (cancelled.status === 200) cancel.add(cancelled.ms);
    else cancel.errors += 1;
  };
}

const bareOperation: Operation = async (client, _n, first, second) => {
  first.add((await client.request('POST', '/bench/bare', undefined, { ping: 1 })).ms);
  second.add((await client.request('POST', '/bench/bare', undefined, { ping: 2 })).ms);
};

/** Open loop: starts `rate` operations per second for `seconds`, whatever the latency. */
async function atRate(
  client: LoopbackClient,
  operation: Operation,
  rate: number,
  seconds: number,
  [first, second] = [new Samples(), new Samples()],
) {
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let n = 0; n < rate * seconds; n += 1) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(operation(client, n, first, second));
  }
  await Promise.all(running);
  return { first, second, seconds: (performance.now() - started) / 1000 };
}

/** Closed loop: `concurrency` clients each run operations back to back for `seconds`. */
async function saturated(client: LoopbackClient, operation: Operation, concurrency: number, seconds: number) {
  const [first, second] = [new Samples(), new Samples()];
  const started = performance.now();
  const end = started + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) await operation(client, n++, first, second);
    }),
  );
  return { first, second, seconds: (performance.now() - started) / 1000 };
}

/**
 * The fixed-rate phase for orders and for bare, taking turns in ROUNDS short runs with their samples pooled, so
 * that background load on a shared machine falls on both alike rather than on whichever ran second.
 */
async function interleavedAtRate(client: LoopbackClient, orders: Operation, seconds: number) {
  const pooled = () => ({
    samples: [new Samples(), new Samples()] as [Samples, Samples],
    seconds: 0,
    lateP99: 0,
    lateMax: 0,
  });
  const runs = { orders: pooled(), bare: pooled() };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [run, operation] of [
      [runs.orders, orders],
      [runs.bare, bareOperation],
    ] as const) {
      const result = await measured(client, () =>
        atRate(client, operation, RATE, seconds / ROUNDS, run.samples),
      );
      run.seconds += result.seconds;
      run.lateP99 = Math.max(run.lateP99, result.loopLateMs.p99);
      run.lateMax = Math.max(run.lateMax, result.loopLateMs.max);
    }
  }
  return runs;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function startServers(): Promise<Server[]> {
  if (INSTANCES < 1) return [await startServer()];
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_INSTANCES needs BENCH_DATABASE_URL (and BENCH_REDIS_URL)');
  const shared = {
    BENCH_CLUSTER_DB: databaseUrl,
    BENCH_CLUSTER_REDIS: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    BENCH_CLUSTER_SCHEMA: CLUSTER_SCHEMA,
  };
  const servers = [
    await startServer({ ...shared, BENCH_CLUSTER_INSTANCE: 'bench-1', BENCH_CLUSTER_FIRST: '1' }),
  ];
  for (let i = 2; i <= INSTANCES; i += 1)
    servers.push(await startServer({ ...shared, BENCH_CLUSTER_INSTANCE: `bench-${i}` }));
  return servers;
}

async function main(): Promise<void> {
  const servers = await startServers();
  const [server] = servers;
  if (!server) throw new Error('no server');
  const client = new LoopbackClient(server.port);
  const instances = servers.length > 1 ? servers.map((each) => new LoopbackClient(each.port)) : [];
  if (INSTANCES >= 1) statClients = servers.length > 1 ? instances : [client];
  const orders = orderOperation(server, instances);
  try {
    await saturated(client, orders, 8, 2); // warm-up: JIT, statement caches, connections
    await saturated(client, bareOperation, 8, 1);
    const loadBefore = loadavg()[0];
    const rated = await interleavedAtRate(client, orders, SECONDS);
    const orderRate = {
      first: rated.orders.samples[0],
      second: rated.orders.samples[1],
      seconds: rated.orders.seconds,
    };
    const bareRate = { first: rated.bare.samples[0], seconds: rated.bare.seconds };
    const orderMax = await measured(client, () => saturated(client, orders, CONCURRENCY, SECONDS));
    const bareMax = await measured(client, () => saturated(client, bareOperation, CONCURRENCY, SECONDS));

    const ordersPerSecond = orderMax.first.count / orderMax.seconds;
    const barePerSecond = bareMax.first.count / bareMax.seconds;
    console.log(
      `order path benchmark: ${SECONDS}s phases, ${USERS} Practice Mode users, concurrency ${CONCURRENCY}` +
        (INSTANCES >= 1
          ? `, ${servers.length} clustered instance(s) on PostgreSQL + Redis (place through one, cancel through the next)`
          : ''),
    );
    console.table({
      [`orders @${RATE}/s: place`]: row(orderRate.first, orderRate.first.count / orderRate.seconds),
      [`orders @${RATE}/s: cancel`]: row(orderRate.second, orderRate.second.count / orderRate.seconds),
      [`bare   @${RATE}/s`]: row(bareRate.first, bareRate.first.count / bareRate.seconds),
      'orders saturated: place': row(orderMax.first, ordersPerSecond),
      'orders saturated: cancel': row(orderMax.second, orderMax.second.count / orderMax.seconds),
      'bare saturated': row(bareMax.first, barePerSecond),
    });
    const ratioP50 = orderRate.first.percentile(50) / bareRate.first.percentile(50);
    const ratioP99 = orderRate.first.percentile(99) / bareRate.first.percentile(99);
    console.log(`place p99 @${RATE}/s: ${ms(orderRate.first.percentile(99))} (target <= 5 ms)`);
    console.log(`sustained orders/s (place + cancel each): ${ordersPerSecond.toFixed(0)} (target >= 1000)`);
    console.log(
      `latency ratio to bare @${RATE}/s: p50 x${ratioP50.toFixed(2)}, p99 x${ratioP99.toFixed(2)} (target <= 3)`,
    );
    console.log(
      `server event loop late at ${RATE}/s, worst p99 / max of the rounds (machine stalls): ` +
        `orders ${ms(rated.orders.lateP99)} / ${ms(rated.orders.lateMax)}, bare ${ms(rated.bare.lateP99)} / ${ms(rated.bare.lateMax)}`,
    );
    console.log(`throughput ratio bare/orders (requests): x${(barePerSecond / ordersPerSecond).toFixed(2)}`);
    const cpuPerOrder = orderMax.cpuMs / orderMax.first.count;
    const cpuPerBare = bareMax.cpuMs / bareMax.first.count;
    console.log(
      `server CPU per order (place + cancel): ${ms(cpuPerOrder)}; per bare pair: ${ms(cpuPerBare)}; ` +
        `one-core capacity ~${(1000 / cpuPerOrder).toFixed(0)} orders/s`,
    );
    console.log(
      `machine load average (1 min): ${(loadBefore ?? 0).toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after, ${cpus().length} cores`,
    );
  } finally {
    client.close();
    for (const each of instances) each.close();
    // The first instance last: it drops the cluster run's schema.
    for (const each of [...servers].reverse()) {
      each.process.kill('SIGTERM');
      await once(each.process, 'exit');
    }
  }
}

function row(samples: Samples, perSecond: number) {
  return {
    'req/s': Number(perSecond.toFixed(0)),
    p50: ms(samples.percentile(50)),
    p99: ms(samples.percentile(99)),
    errors: samples.errors,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
