import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientCommand, ClientEvent, ServerCommand, ServerEvent, ServerMode } from './protocol';
import { effectiveRate } from './protocol';

export interface BenchOptions {
  clients: number;
  subscriptions: number;
  symbols: number;
  rate: number;
  warmupSeconds: number;
  measureSeconds: number;
  maxP99Ms: number;
  rampRates: number[];
  /** Times a step that misses the bound is measured again before it counts (noise from other work). */
  retries: number;
  /** When set, the server child writes a V8 CPU profile (`--cpu-prof`) into this directory on exit. */
  profileDir?: string;
}

export interface StepResult {
  rate: number;
  framesPerSecond: number;
  deliveriesPerSecond: number;
  /** Deliveries the load should produce, to tell a saturated server from a quiet one. */
  expectedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Server process CPU (user + system) per tick delivered, in microseconds: the noise-resistant cost figure. */
  cpuUsPerDelivery: number;
  /** Server process CPU in cores (1 = one core busy). */
  cpuCores: number;
  /** The client fleet's CPU in cores: it shares the machine with the server. */
  fleetCores: number;
}

export interface TargetResult {
  mode: ServerMode;
  atDefault: StepResult;
  rssMb: number;
  ramp: StepResult[];
  /** Highest deliveries/s measured with p99 within the bound (0: no step met the bound). */
  ceiling: number;
  /** Highest deliveries/s measured at any step, whatever the latency. */
  maxDelivered: number;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the next IPC message of `type` from `child`. */
function next<E extends { type: string }, T extends E['type']>(child: ChildProcess, type: T) {
  return new Promise<Extract<E, { type: T }>>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${type}: child exited with ${code}`));
    const onMessage = (message: E) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<E, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const spawn = (file: string, args: string[], extraExecArgv: string[] = []) =>
  fork(here(file), args, {
    execArgv: ['--import', 'tsx', ...extraExecArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

/** One server (gateway or bare) under the default load, then ramped until p99 passes the bound. */
export async function runTarget(mode: ServerMode, options: BenchOptions, log: (line: string) => void) {
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const server = spawn('./server.ts', [mode, String(options.symbols), String(options.rate)], profile);
  const fleet = spawn('./clients.ts', []);
  try {
    const ready = await next<ServerEvent, 'ready'>(server, 'ready');
    const connect: ClientCommand = {
      type: 'connect',
      url: `ws://127.0.0.1:${ready.port}${ready.path}`,
      clients: options.clients,
      symbols: ready.symbols,
      subscriptionsPerClient: options.subscriptions,
    };
    fleet.send(connect);
    await next<ClientEvent, 'connected'>(fleet, 'connected');
    log(
      `${mode}: ${options.clients} clients x ${options.subscriptions} of ${ready.symbols.length} symbols connected`,
    );

    const stats = async () => {
      server.send({ type: 'stats' } satisfies ServerCommand);
      return next<ServerEvent, 'stats'>(server, 'stats');
    };
    const measure = async (rate: number, attempt: number): Promise<StepResult> => {
      server.send({ type: 'pace', ticksPerSecond: rate } satisfies ServerCommand);
      await sleep(options.warmupSeconds * 1000);
      fleet.send({ type: 'reset' } satisfies ClientCommand);
      const cpuBefore = (await stats()).cpuMicros;
      const started = performance.now();
      await sleep(options.measureSeconds * 1000);
      fleet.send({ type: 'report' } satisfies ClientCommand);
      const report = await next<ClientEvent, 'report'>(fleet, 'report');
      const cpuMicros = (await stats()).cpuMicros - cpuBefore;
      const cpuSeconds = (performance.now() - started) / 1000;
      const result: StepResult = {
        rate,
        framesPerSecond: report.frames / report.seconds,
        deliveriesPerSecond: report.ticks / report.seconds,
        expectedPerSecond: options.clients * options.subscriptions * effectiveRate(rate),
        p50Ms: report.p50Ms,
        p99Ms: report.p99Ms,
        cpuUsPerDelivery: cpuMicros / Math.max(1, report.ticks),
        cpuCores: cpuMicros / 1e6 / cpuSeconds,
        fleetCores: report.cpuMicros / 1e6 / report.seconds,
      };
      log(
        `${mode}: ${rate} ticks/s/symbol -> ${Math.round(result.deliveriesPerSecond)} deliveries/s ` +
          `(${Math.round(result.framesPerSecond)} frames/s), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
          `server ${result.cpuCores.toFixed(2)} cores (${result.cpuUsPerDelivery.toFixed(2)} us/delivery), ` +
          `fleet ${result.fleetCores.toFixed(2)} cores` +
          (attempt > 0 ? ` (re-measured, attempt ${attempt + 1})` : ''),
      );
      return result;
    };
    // Saturated: p99 past the bound, or the server no longer delivers what the load asks for.
    const saturated = (result: StepResult) =>
      result.p99Ms > options.maxP99Ms || result.deliveriesPerSecond < 0.8 * result.expectedPerSecond;
    /** A step that misses the bound is measured again (up to `retries` times): one stall of the shared
     * machine should not end the ramp. The last measurement counts. */
    const step = async (rate: number): Promise<StepResult> => {
      let result = await measure(rate, 0);
      for (let attempt = 1; attempt <= options.retries && saturated(result); attempt += 1) {
        result = await measure(rate, attempt);
      }
      return result;
    };

    const atDefault = await step(options.rate);
    const rssMb = (await stats()).rssBytes / 1024 / 1024;
    const ramp: StepResult[] = [];
    let ceiling = atDefault.p99Ms <= options.maxP99Ms ? atDefault.deliveriesPerSecond : 0;
    for (const rate of options.rampRates.filter((r) => r > options.rate)) {
      const result = await step(rate);
      ramp.push(result);
      if (saturated(result)) break;
      ceiling = Math.max(ceiling, result.deliveriesPerSecond);
    }
    const maxDelivered = Math.max(atDefault.deliveriesPerSecond, ...ramp.map((r) => r.deliveriesPerSecond));
    return { mode, atDefault, rssMb, ramp, ceiling, maxDelivered } satisfies TargetResult;
  } finally {
    fleet.kill();
    // SIGTERM: server.ts exits through process.exit, so a --cpu-prof profile is written.
    server.kill();
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
  }
}
