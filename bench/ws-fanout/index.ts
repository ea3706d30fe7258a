import { parseArgs } from 'node:util';
import { type BenchOptions, runTarget, type TargetResult } from './run-target';

// WebSocket fan-out benchmark: the gateway against a bare `ws` broadcast of identical payloads, in one
// run, on loopback. Prints figures; asserts nothing. `node --import tsx bench/ws-fanout/index.ts --help`.

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    subscriptions: { type: 'string', default: '20' },
    symbols: { type: 'string', default: '200' },
    rate: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    measure: { type: 'string', default: '4' },
    'max-p99': { type: 'string', default: '50' },
    ramp: { type: 'string', default: '10,20,40,60,80,100' },
    retries: { type: 'string', default: '1' },
    only: { type: 'string' },
    profile: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: node --import tsx bench/ws-fanout/index.ts [flags]
  --clients N        WebSocket clients (default 1000)
  --subscriptions N  symbols per client (default 20)
  --symbols N        symbols the feed drives (default 200)
  --rate N           ticks/s per symbol at the default load (default 5)
  --warmup S         seconds before each measurement (default 1)
  --measure S        seconds measured per step (default 4; raise for steadier figures)
  --max-p99 MS       latency bound of the ramp (default 50)
  --ramp LIST        ticks/s per symbol tried after the default load (default 10,20,40,60,80,100)
  --retries N        re-measure a step that misses the bound up to N times (default 1)
  --only MODE        gateway or bare
  --profile DIR      write a CPU profile of each server child into DIR (node --cpu-prof)`);
  process.exit(0);
}

const options: BenchOptions = {
  clients: Number(values.clients),
  subscriptions: Number(values.subscriptions),
  symbols: Number(values.symbols),
  rate: Number(values.rate),
  warmupSeconds: Number(values.warmup),
  measureSeconds: Number(values.measure),
  maxP99Ms: Number(values['max-p99']),
  rampRates: values.ramp.split(',').map(Number),
  retries: Number(values.retries),
  profileDir: values.profile,
};

const log = (line: string) => console.log(`  ${line}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');
const modes = values.only ? [values.only as 'gateway' | 'bare'] : (['gateway', 'bare'] as const);
const results: TargetResult[] = [];
const started = Date.now();
for (const mode of modes) results.push(await runTarget(mode, options, log));

console.log(
  `\nws-fanout: ${options.clients} clients x ${options.subscriptions} symbols, ${options.symbols} symbols at ${options.rate} ticks/s each (${Math.round((Date.now() - started) / 1000)} s)`,
);
/** One row of the summary table. */
function row(r: TargetResult): string {
  const d = r.atDefault;
  const ceiling = r.ceiling > 0 ? fmt(r.ceiling) : 'none in bound';
  return [
    r.mode.padEnd(8),
    fmt(d.framesPerSecond).padStart(8),
    fmt(d.deliveriesPerSecond).padStart(12),
    String(d.p50Ms).padStart(6),
    String(d.p99Ms).padStart(6),
    r.rssMb.toFixed(0).padStart(6),
    ceiling.padStart(22),
    fmt(r.maxDelivered).padStart(15),
    d.cpuUsPerDelivery.toFixed(2).padStart(12),
  ].join('   ');
}
console.log(
  'target     frames/s   deliveries/s   p50 ms   p99 ms   RSS MB   ceiling (p99 <= bound)   max delivered/s   CPU us/deliv',
);
for (const r of results) console.log(row(r));
const [gateway, bare] = [results.find((r) => r.mode === 'gateway'), results.find((r) => r.mode === 'bare')];
if (gateway && bare) {
  console.log(
    `ratios gateway/bare: deliveries/s at default ${(gateway.atDefault.deliveriesPerSecond / bare.atDefault.deliveriesPerSecond).toFixed(2)}, ` +
      `p99 ${(gateway.atDefault.p99Ms / Math.max(1, bare.atDefault.p99Ms)).toFixed(2)}, ` +
      `ceiling ${bare.ceiling > 0 ? (gateway.ceiling / bare.ceiling).toFixed(2) : 'n/a'}, ` +
      `max delivered ${(gateway.maxDelivered / bare.maxDelivered).toFixed(2)}`,
  );
  // Server CPU per delivery is what the gateway itself costs, whatever else shares the machine's cores.
  const perRate = [gateway.atDefault, ...gateway.ramp].flatMap((g) => {
    const b = [bare.atDefault, ...bare.ramp].find((step) => step.rate === g.rate);
    return b ? [`${g.rate}/s ${(g.cpuUsPerDelivery / b.cpuUsPerDelivery).toFixed(2)}`] : [];
  });
  console.log(`server CPU per delivery gateway/bare by ticks/s per symbol: ${perRate.join(', ')}`);
}
console.log(
  'targets: p99 <= 50 ms at the default load, RSS < 300 MB, ceiling >= 1,000,000 deliveries/s, >= 0.8 of bare',
);
