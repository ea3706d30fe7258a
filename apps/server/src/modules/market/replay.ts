import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Clock } from '../../clock';
import type { PriceFeed, RawTick } from './contract';
import { toTradablePrice } from './option-model';
import { PriceHistory } from './price-history';

/** One line of a recorded tick file. */
export interface RecordedTick {
  /** Epoch ms when it was recorded. */
  time: number;
  symbol: string;
  price: number;
}

export interface ReplayOptions {
  /** The recording, or how to load it when the feed starts. */
  ticks: readonly RecordedTick[] | (() => Promise<readonly RecordedTick[]>);
  clock: Clock;
  /** 1 plays in real time, 10 ten times faster. */
  speed: number;
  /** How often playback catches up with the clock. */
  pollMs?: number;
  /** How far back `priceAsOf` can answer (default one minute); at least the Practice Mode delay. */
  historyMs?: number;
}

/** `2026-11-23T09:15:00+05:30`, epoch milliseconds, or epoch seconds. */
function parseTime(text: string): number {
  if (/^\d+(\.\d+)?$/.test(text)) {
    const value = Number(text);
    return value < 1e11 ? value * 1000 : value;
  }
  return Date.parse(text);
}

/**
 * Reads a `time,symbol,price` CSV (a header line is optional). Rows that do not parse are reported in `errors`
 * and left out; the rest is sorted by time.
 */
export function parseReplayCsv(text: string): { ticks: RecordedTick[]; errors: string[] } {
  const rows = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  const ticks: RecordedTick[] = [];
  const errors: string[] = [];
  rows.forEach((row, index) => {
    const [time = '', symbol = '', price = ''] = row;
    if (index === 0 && time.toLowerCase() === 'time') return;
    const tick = { time: parseTime(time), symbol, price: Number(price) };
    if (row.length !== 3 || !Number.isFinite(tick.time) || !symbol || !(tick.price > 0)) {
      errors.push(`row ${index + 1}: expected time,symbol,price with a positive price`);
    } else ticks.push(tick);
  });
  ticks.sort((a, b) => a.time - b.time);
  return { ticks, errors };
}

export async function loadReplayFile(file: string): Promise<{ ticks: RecordedTick[]; errors: string[] }> {
  return parseReplayCsv(await readFile(file, 'utf8'));
}

/**
 * Plays a recorded tick file at `speed`x, from the start again when it ends (a pause of one average gap between
 * the loops). Ticks carry the time they are played, so the delay line and latency see a live feed. Symbols not
 * subscribed are skipped, but their recent prices are kept: a later subscriber gets the last one at once, and
 * the delayed view the one played a delay ago.
 */
export class ReplayFeed implements PriceFeed {
  readonly name = 'replay';
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private readonly subscribed = new Set<string>();
  private readonly latest = new Map<string, RawTick>();
  private readonly batch: RawTick[] = [];
  /** What every symbol played recently, subscribed or not. */
  private readonly history: PriceHistory;
  private ticks: readonly RecordedTick[] = [];
  private span = 0;
  private position = 0;
  private loopStart = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ReplayOptions) {
    this.history = new PriceHistory(options.historyMs ?? 60_000);
    if (typeof options.ticks !== 'function') this.load(options.ticks);
  }

  private load(ticks: readonly RecordedTick[]): void {
    if (ticks.length === 0) throw new Error('The replay file holds no ticks');
    const first = ticks[0]!.time;
    const last = ticks[ticks.length - 1]!.time;
    const loopGap = ticks.length > 1 ? (last - first) / (ticks.length - 1) : 1000;
    this.ticks = ticks;
    this.span = last - first + loopGap;
  }

  async start(): Promise<void> {
    if (this.timer) return;
    if (typeof this.options.ticks === 'function') this.load(await this.options.ticks());
    this.loopStart = this.options.clock.now();
    this.position = 0;
    this.timer = setInterval(() => this.advance(this.options.clock.now()), this.options.pollMs ?? 20);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  subscribe(symbols: readonly string[]): void {
    const fresh: RawTick[] = [];
    for (const symbol of symbols) {
      if (this.subscribed.has(symbol)) continue;
      this.subscribed.add(symbol);
      const known = this.latest.get(symbol);
      if (known) fresh.push(known);
    }
    if (fresh.length > 0) this.emit(fresh);
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.subscribed.delete(symbol);
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** The last price `symbol` played at or before `at`; undefined when it played nothing that long ago. */
  priceAsOf(symbol: string, at: number): RawTick | undefined {
    const past = this.history.at(symbol, at);
    return past ? { symbol, price: past.price, ts: past.ts } : undefined;
  }

  /** Plays every recorded tick due by `now` (recorded offset divided by the speed), as one batch. */
  advance(now: number): void {
    const { ticks } = this;
    if (ticks.length === 0) return;
    const { speed } = this.options;
    const first = ticks[0]!.time;
    const loopMs = this.span / speed;
    // After a long stall (a suspended process), skip whole loops instead of replaying them in one burst.
    if (now - this.loopStart > 2 * loopMs) {
      this.loopStart = now - ((now - this.loopStart) % loopMs);
      this.position = 0;
    }
    this.batch.length = 0;
    for (;;) {
      if (this.position === ticks.length) {
        this.position = 0;
        this.loopStart += loopMs;
      }
      const next = ticks[this.position]!;
      if (this.loopStart + (next.time - first) / speed > now) break;
      this.position += 1;
      const tick = this.remember(next, now);
      if (this.subscribed.has(next.symbol)) this.batch.push(tick);
    }
    if (this.batch.length > 0) this.emit(this.batch);
  }

  private remember(recorded: RecordedTick, now: number): RawTick {
    let tick = this.latest.get(recorded.symbol);
    if (!tick) {
      tick = { symbol: recorded.symbol, price: 0, ts: 0 };
      this.latest.set(recorded.symbol, tick);
    }
    tick.price = toTradablePrice(recorded.price);
    tick.ts = now;
    this.history.record(recorded.symbol, tick.price, now);
    return tick;
  }

  private emit(ticks: readonly RawTick[]): void {
    for (const handler of this.handlers) handler(ticks);
  }
}
