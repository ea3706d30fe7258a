// Generates the sample trading day shipped for session replay (run once; the output is committed):
//   node --import tsx scripts/generate-replay-sample.ts [YYYY-MM-DD]
// The simulator plays NIFTY and BANKNIFTY from the open to the close of that day with a fixed seed; the file keeps
// each index every 3 s and its ATM +-5 strikes (CE and PE of the nearest expiry) every 10 s, in the recorder's
// format (gzip'd `time,symbol,price` lines, each time the difference from the line before). Options are named relative to the day's opening ATM (`NIFTY ATM+2 CE`), because the
// contracts of that day leave the instrument master once they expire: a replay attaches them to listed contracts.
import { writeFileSync } from 'node:fs';
import { InstrumentCatalog } from '../apps/server/src/modules/instruments/catalog';
import { generateInstruments } from '../apps/server/src/modules/instruments/generate';
import type { RecordedTick } from '../apps/server/src/modules/market/replay';
import { SimulatorFeed } from '../apps/server/src/modules/market/simulator';
import { encodeTicks } from '../apps/server/src/modules/recording/codec';
import {
  relativeOptionName,
  SAMPLE_INDICES,
  SAMPLE_STRIKES_EACH_SIDE,
} from '../apps/server/src/modules/replay/sample-symbols';
import { istEpochMs } from '../packages/core/src/market/dates';
import { nearestExpiry } from '../packages/core/src/market/expiry';
import { INDEX_TABLE, type IndexName } from '../packages/core/src/market/indices';
import { atmStrike, optionSymbol } from '../packages/core/src/market/symbols';

const day = process.argv[2] ?? '2026-11-18';
const open = istEpochMs(day, 9, 15);
const close = istEpochMs(day, 15, 30);
const INDEX_EVERY_MS = 3000;
const OPTION_EVERY_MS = 10_000;

let now = open - 60_000;
const clock = { now: () => now };
const catalog = new InstrumentCatalog();
catalog.replace(generateInstruments({ now }));
const feed = new SimulatorFeed({
  directory: catalog,
  clock,
  seed: 20261118,
  ticksPerSecond: 2,
  cycleMs: 500,
});

/** Recorded symbol -> name in the file. */
const names = new Map<string, string>();
for (const name of SAMPLE_INDICES) {
  const info = INDEX_TABLE[name as IndexName];
  names.set(info.displayName, info.displayName);
  const atm = atmStrike(feed.spotOf(name as IndexName), info.strikeStep);
  const expiry = nearestExpiry(name as IndexName, open);
  for (let k = -SAMPLE_STRIKES_EACH_SIDE; k <= SAMPLE_STRIKES_EACH_SIDE; k += 1) {
    for (const optionType of ['CE', 'PE'] as const) {
      const symbol = optionSymbol({ name, expiry, strike: atm + k * info.strikeStep, optionType });
      names.set(symbol, relativeOptionName(name, k, optionType));
    }
  }
}
feed.subscribe([...names.keys()]);
const lastKept = new Map<string, number>();
const recorded: RecordedTick[] = [];
feed.onTicks((ticks) => {
  for (const tick of ticks) {
    if (tick.ts < open) continue;
    const name = names.get(tick.symbol);
    if (!name) continue;
    const every = name === tick.symbol ? INDEX_EVERY_MS : OPTION_EVERY_MS;
    const last = lastKept.get(name);
    if (last !== undefined && tick.ts - last < every) continue;
    lastKept.set(name, tick.ts);
    recorded.push({ time: tick.ts, symbol: name, price: tick.price });
  }
});
for (now = open - 60_000; now <= close; now += 500) feed.runCycle(now);
const file = `apps/server/src/modules/replay/samples/${day}.ticks.gz`;
const data = encodeTicks(recorded);
writeFileSync(file, data);
console.log(`${file}: ${recorded.length} ticks, ${data.length} bytes`);
