import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../apps/server/src/clock';
import { silentLogger } from '../../apps/server/src/logger';
import type { PlaceOrderCommand } from '../../apps/server/src/modules/brokers/broker';
import { PaperExchange } from '../../apps/server/src/modules/brokers/paper/exchange';
import type { InstrumentRecord } from '../../apps/server/src/modules/instruments/contract';
import { openStore, type Store } from '../../apps/server/src/store/open-store';
import { FakeInstruments, optionRecord } from '../../apps/server/test/helpers/fake-instruments';
import { FakeMarketData } from '../../apps/server/test/helpers/fake-market-data';

// Paper fills: 10,000 resting paper orders (limits and stop-losses, 5% of the stops trailing) over 20 NIFTY
// contracts and 100 users, on a SQLite file. Each tick moves one contract's delayed price by a random step and is
// handed to the exchange; resting orders it crosses fill, stops it reaches trigger. Measured per tick:
//   - evaluation: the synchronous matching of the tick (finding and acting on the due orders);
//   - tick -> recorded: from the tick to its fills/triggers committed to the store (ticks that acted on orders);
//   - baseline: a plain loop over the same 10,000 orders testing every one against the tick.
// The book is topped up to 10,000 between ticks (not timed). Targets: tick -> recorded p99 <= 10 ms, evaluation
// <= 2 ms per tick for 10,000 orders.
// Usage: node --import tsx bench/paper-fills/index.ts [ticks=2000] [orders=10000]

const TICKS = Number(process.argv[2] ?? 2000);
const RESTING = Number(process.argv[3] ?? 10_000);
const USERS = 100;
const LOT = 65;
const TICK = 0.05;

interface Spec {
  symbol: string;
  side: 'buy' | 'sell';
  stop: boolean;
  level: number;
}

const contracts: InstrumentRecord[] = Array.from({ length: 20 }, (_, i) =>
  optionRecord('NIFTY', '2026-12-29', 25_500 + i * 50, i % 2 === 0 ? 'CE' : 'PE'),
);
const ltp = new Map(contracts.map((c) => [c.tradingsymbol, 100]));
const onGrid = (price: number) => Math.max(TICK, Math.round(price / TICK) * TICK);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A random order away from the market: limits below (buy) / above (sell), stops on the other side. */
function randomOrder(): { spec: Spec; cmd: PlaceOrderCommand } {
  const contract = pick(contracts);
  const price = ltp.get(contract.tradingsymbol)!;
  const side = Math.random() < 0.5 ? 'buy' : 'sell';
  const stop = Math.random() < 0.4;
  const away = (1 + Math.floor(Math.random() * 200)) * TICK;
  const below = (side === 'buy') !== stop;
  const level = onGrid(below ? price - away : price + away);
  const cmd: PlaceOrderCommand = {
    clientOrderId: randomUUID(),
    tradingSymbol: contract.tradingsymbol,
    internalToken: contract.internalToken,
    exchange: 'NFO',
    side,
    quantity: LOT,
    product: 'normal',
    orderType: stop ? 'stoploss_market' : 'limit',
    ...(stop ? { triggerPrice: level } : { price: level }),
    ...(stop && Math.random() < 0.05 ? { trailing: { changeInPrice: 1, changeInSL: 0.5 } } : {}),
  };
  return { spec: { symbol: contract.tradingsymbol, side, stop, level }, cmd };
}

async function addUsers(store: Store): Promise<string[]> {
  const ids = Array.from({ length: USERS }, () => randomUUID());
  await store.db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        name: 'Bench',
        email: `${id}@bench.local`,
        phone: String(7_000_000_000 + i),
        passwordHash: 'x',
        referralCode: id.slice(0, 12),
        referredBy: null,
        activeBroker: 'PAPERTRADE',
        clientId: null,
        settings: '{}',
        createdAt: 0,
        updatedAt: 0,
      })),
    )
    .execute();
  return ids;
}

/** Places orders until `target` rest on the exchange; returns the specs of everything placed. */
async function topUp(exchange: PaperExchange, users: string[], specs: Spec[], target: number): Promise<void> {
  while (exchange.restingOrderCount < target) {
    const batch = Array.from({ length: Math.min(1000, target - exchange.restingOrderCount) }, randomOrder);
    const acks = await Promise.all(batch.map(({ cmd }) => exchange.sessionFor(pick(users)).placeOrder(cmd)));
    acks.forEach((ack, i) => {
      if (ack.ok) specs.push(batch[i]!.spec);
    });
  }
}

/** The bare baseline: test every order against the tick, the obvious way. */
function plainLoop(specs: readonly Spec[], symbol: string, price: number): number {
  let acted = 0;
  for (const s of specs) {
    if (s.symbol !== symbol) continue;
    const buyAbove = s.side === 'buy' ? price <= s.level : price >= s.level;
    const hit = s.stop ? (s.side === 'buy' ? price >= s.level : price <= s.level) : buyAbove;
    if (hit) acted += 1;
  }
  return acted;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(3)} ms`;
const row = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(34)} p50 ${ms(percentile(values, 50))}  p99 ${ms(percentile(values, 99))}  max ${ms(Math.max(...values))}  (n=${values.length})`,
  );

interface Samples {
  evaluation: number[];
  recorded: number[];
  baseline: number[];
  updates: number;
}

/** Moves one random contract per tick and times the exchange and the plain loop on it. */
async function runTicks(exchange: PaperExchange, market: FakeMarketData, users: string[], specs: Spec[]) {
  const samples: Samples = { evaluation: [], recorded: [], baseline: [], updates: 0 };
  let acted = 0;
  for (const user of users) {
    exchange.sessionFor(user).onOrderUpdate(() => {
      acted += 1;
    });
  }
  for (let i = 0; i < TICKS; i += 1) {
    const symbol = pick(contracts).tradingsymbol;
    const price = Math.min(200, Math.max(20, onGrid(ltp.get(symbol)! + (Math.random() - 0.5) * 2)));
    ltp.set(symbol, price);
    const quotes = market.set('practice', { [symbol]: price });
    acted = 0;
    const t0 = performance.now();
    const pending = exchange.onQuotes(quotes);
    const t1 = performance.now();
    await pending;
    const t2 = performance.now();
    plainLoop(specs, symbol, price);
    samples.baseline.push(performance.now() - t2);
    await exchange.idle();
    samples.evaluation.push(t1 - t0);
    if (acted > 0) samples.recorded.push(t2 - t0);
    samples.updates += acted;
    await topUp(exchange, users, specs, RESTING);
  }
  await exchange.idle();
  return samples;
}

function report(samples: Samples, load: number, cpuShare: number): void {
  console.log(
    `machine: load average ${load.toFixed(1)} on ${availableParallelism()} cores; this process got ${(cpuShare * 100).toFixed(0)}% of a core during the ticks`,
  );
  console.log(
    `ticks: ${TICKS}, resting orders per tick: ${RESTING}, order updates caused by ticks: ${samples.updates}`,
  );
  row('evaluation per tick (exchange)', samples.evaluation);
  row('evaluation per tick (plain loop)', samples.baseline);
  row('tick -> fills/triggers recorded', samples.recorded);
  const ratio = (p: number) =>
    (percentile(samples.evaluation, p) / percentile(samples.baseline, p)).toFixed(2);
  console.log(`evaluation exchange / plain loop: p50 ${ratio(50)}, p99 ${ratio(99)}`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'xt-bench-paper-'));
  const store = await openStore({ databaseUrl: undefined, dataDir: dir });
  const market = new FakeMarketData();
  market.set('practice', { ...Object.fromEntries(ltp), 'NIFTY 50': 26_000 });
  const exchange = new PaperExchange({
    db: store.db,
    clock: systemClock,
    logger: silentLogger(),
    marketData: market,
    instruments: new FakeInstruments(contracts),
    settings: { capital: 1e12, squareOffTime: () => ({ hour: 15, minute: 20 }), followsMarketHours: false },
  });
  await exchange.start();
  const users = await addUsers(store);
  const specs: Spec[] = [];
  const setupStart = performance.now();
  await topUp(exchange, users, specs, RESTING);
  await exchange.idle();
  console.log(
    `setup: ${exchange.restingOrderCount} resting orders placed in ${(performance.now() - setupStart).toFixed(0)} ms`,
  );

  const load = loadavg()[0]!;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const samples = await runTicks(exchange, market, users, specs);
  const cpu = process.cpuUsage(cpuBefore);
  report(samples, load, (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore));
  console.log(`persistence failures: ${exchange.persistenceFailures}`);
  await exchange.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
