import { isMarketOpen } from '@xtrader/core/market/hours';
import {
  INDEX_NAMES,
  INDEX_TABLE,
  type IndexInfo,
  type IndexName,
  type IndexTable,
  indexByDisplayName,
  isIndexName,
} from '@xtrader/core/market/indices';
import type { Clock } from '../../clock';
import type { InstrumentDirectory, InstrumentRecord } from '../instruments/contract';
import type { PriceFeed, RawTick } from './contract';
import { simulatedDepth } from './depth-model';
import { istDayNumber } from './ist-day';
import { modelPrice, toTradablePrice } from './option-model';
import { PriceHistory } from './price-history';
import { createRandom, type Random } from './rng';

export interface SimulatorOptions {
  directory: InstrumentDirectory;
  clock: Clock;
  seed: number;
  /** Tick only during exchange hours on trading days (default: at any hour, so practice works at night). */
  marketHours?: boolean;
  /** Average ticks per second per subscribed instrument. */
  ticksPerSecond?: number;
  /** One cycle moves every index and emits one batch of ticks. */
  cycleMs?: number;
  table?: IndexTable;
  /** How far back `priceAsOf` can answer (default one minute); at least the Practice Mode delay. */
  historyMs?: number;
}

/** The random walk of one index. */
interface IndexState {
  info: Readonly<IndexInfo>;
  /** Unrounded level; ticks carry it rounded to the grid. */
  spot: number;
  close: number;
  /** Whether the index trades in the current cycle. */
  open: boolean;
  /** Moving average of the size of the walk's shocks in standard deviations: about 0.8 when calm. */
  activity: number;
}

/** The mean size of a standard normal shock: the calm activity. */
const CALM_ACTIVITY = Math.sqrt(2 / Math.PI);
/** Weight of the newest shock in the activity average (about the last two seconds at 100 ms cycles). */
const ACTIVITY_WEIGHT = 0.05;

/** One subscribed symbol; its tick object is reused for every tick it emits. */
interface Subscription {
  index: IndexState;
  /** Undefined for the index itself. */
  instrument: InstrumentRecord | undefined;
  tick: RawTick;
  ticked: boolean;
}

// The walk runs on trading time: a real second is a second of the 6.25-hour, 252-day trading year, so the
// intraday volatility looks right at any hour. Weak mean reversion (half-life 20 trading days) keeps a
// long-running simulator near the listed strike range.
const TRADING_SECONDS_PER_YEAR = 252 * 6.25 * 3600;
const REVERSION_PER_YEAR = Math.LN2 / (20 / 252);
/** Symbols the directory does not know yet (master still loading) are looked up again this often. */
const RETRY_UNKNOWN_MS = 2_000;
const DEFAULT_HISTORY_MS = 60_000;

/**
 * The offline market: each index follows a mean-reverting random walk with its table volatility; futures trade
 * at fair value and options at Black-Scholes on a volatility smile, all on the 0.05 grid and never below 0.05.
 * Each subscribed symbol ticks irregularly, `ticksPerSecond` on average, plus once at once on subscribe.
 * Deterministic for a seed and a sequence of `runCycle` times.
 */
export class SimulatorFeed implements PriceFeed {
  readonly name = 'simulator';
  private readonly random: Random;
  /** Book sizes draw from their own sequence, so the prices of a seed stay what they were before books. */
  private readonly depthRandom: Random;
  private readonly indices = new Map<IndexName, IndexState>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly unknown = new Set<string>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private readonly batch: RawTick[] = [];
  /** Recent levels of every index (by name), so any contract's recent price can be priced again. */
  private readonly levels: PriceHistory;
  private lastCycle: number;
  private lastRetry = 0;
  private day: number;
  private timer: NodeJS.Timeout | undefined;

  private options: SimulatorOptions;

  constructor(options: SimulatorOptions) {
    this.options = options;
    this.random = createRandom(options.seed);
    this.depthRandom = createRandom(options.seed ^ 0x5eed_0b00);
    const table = options.table ?? INDEX_TABLE;
    for (const name of INDEX_NAMES) {
      const info = table[name];
      this.indices.set(name, {
        info,
        spot: info.referenceSpot,
        close: info.referenceSpot,
        open: true,
        activity: CALM_ACTIVITY,
      });
    }
    this.lastCycle = options.clock.now();
    this.day = istDayNumber(this.lastCycle);
    this.levels = new PriceHistory(options.historyMs ?? DEFAULT_HISTORY_MS);
    this.recordLevels(this.lastCycle);
  }

  get cycleMs(): number {
    return this.options.cycleMs ?? 100;
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.lastCycle = this.options.clock.now();
    this.timer = setInterval(() => this.runCycle(), this.cycleMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Changes the tick rate and cycle while running (benchmarks ramp the load this way). */
  setPace(pace: Pick<SimulatorOptions, 'ticksPerSecond' | 'cycleMs'>): void {
    this.options = { ...this.options, ...pace };
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.runCycle(), this.cycleMs);
    this.timer.unref();
  }

  subscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      if (this.subscriptions.has(symbol)) continue;
      const subscription = this.resolve(symbol);
      if (subscription) this.subscriptions.set(symbol, subscription);
      else this.unknown.add(symbol);
    }
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      this.subscriptions.delete(symbol);
      this.unknown.delete(symbol);
    }
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Indices move on from their last known level (the display name's price), when there is one. */
  resumeFrom(lastPrices: ReadonlyMap<string, number>): void {
    for (const state of this.indices.values()) {
      const level = lastPrices.get(state.info.displayName);
      if (level !== undefined && level > 0) state.spot = level;
    }
    this.recordLevels(this.options.clock.now());
  }

  /** Current unrounded level of an index (tests, diagnostics). */
  spotOf(name: IndexName): number {
    return this.indices.get(name)!.spot;
  }

  /**
   * One step: move the indices by the time since the last cycle, then emit a batch with the subscribed symbols
   * that tick now (every new subscription ticks at once). The batch and its ticks are reused: handlers read them
   * during the call and keep nothing.
   */
  runCycle(now: number = this.options.clock.now()): void {
    const elapsedMs = Math.max(0, now - this.lastCycle);
    this.lastCycle = now;
    this.rollSession(now);
    this.retryUnknown(now);
    for (const state of this.indices.values()) {
      // The simulated day is the derivatives session (the session table's NFO/BFO hours): options trade then.
      state.open = !this.options.marketHours || isMarketOpen(now, state.info.exchange);
      if (state.open) this.walk(state, elapsedMs);
    }
    this.recordLevels(now);
    const probability = ((this.options.ticksPerSecond ?? 3) * elapsedMs) / 1000;
    this.batch.length = 0;
    for (const subscription of this.subscriptions.values()) {
      const due = !subscription.ticked || (subscription.index.open && this.random.next() < probability);
      if (!due) continue;
      this.price(subscription, now);
      subscription.ticked = true;
      this.batch.push(subscription.tick);
    }
    if (this.batch.length === 0) return;
    for (const handler of this.handlers) handler(this.batch);
  }

  /**
   * The price `symbol` had at `at`: the model price at the index level of the last cycle at or before then (the
   * starting level before the first). Subscribed or not, as a market prices every contract all the time.
   */
  priceAsOf(symbol: string, at: number): RawTick | undefined {
    const subscription = this.resolve(symbol);
    if (!subscription) return undefined;
    const { index, instrument, tick } = subscription;
    const name = index.info.name;
    const level = this.levels.at(name, at) ?? this.levels.oldest(name);
    if (!level) return undefined;
    const priceAt = (spot: number) =>
      toTradablePrice(instrument ? modelPrice(instrument, spot, index.info.annualVol, at).value : spot);
    tick.ts = at;
    tick.price = priceAt(level.price);
    tick.close = priceAt(index.close);
    tick.depth = instrument
      ? this.depthAt(
          index,
          instrument,
          level.price,
          at,
          modelPrice(instrument, level.price, index.info.annualVol, at).value,
        )
      : undefined;
    return tick;
  }

  private recordLevels(now: number): void {
    for (const state of this.indices.values()) this.levels.record(state.info.name, state.spot, now);
  }

  private walk(state: IndexState, elapsedMs: number): void {
    const years = elapsedMs / 1000 / TRADING_SECONDS_PER_YEAR;
    if (years <= 0) return;
    const { annualVol, referenceSpot } = state.info;
    const pull = -REVERSION_PER_YEAR * Math.log(state.spot / referenceSpot) * years;
    const normal = this.random.normal();
    state.activity += ACTIVITY_WEIGHT * (Math.abs(normal) - state.activity);
    const shock = annualVol * Math.sqrt(years) * normal;
    state.spot *= Math.exp(pull - 0.5 * annualVol * annualVol * years + shock);
  }

  private price(subscription: Subscription, now: number): void {
    const { index, instrument, tick } = subscription;
    tick.ts = now;
    const fair = instrument
      ? modelPrice(instrument, index.spot, index.info.annualVol, now).value
      : index.spot;
    tick.price = toTradablePrice(fair);
    tick.depth = instrument ? this.depthAt(index, instrument, index.spot, now, fair) : undefined;
    if (tick.close === undefined) {
      tick.close = toTradablePrice(
        instrument ? modelPrice(instrument, index.close, index.info.annualVol, now).value : index.close,
      );
    }
  }

  /** The contract's book at an index level: a new object, as the tick that carries it is reused. */
  private depthAt(index: IndexState, instrument: InstrumentRecord, spot: number, at: number, fair: number) {
    const atmVol = index.info.annualVol;
    const speed = index.activity / CALM_ACTIVITY;
    return simulatedDepth({ instrument, fair, spot, atmVol, now: at, speed }, this.depthRandom);
  }

  /** A new IST day: today's levels become the previous close. */
  private rollSession(now: number): void {
    const day = istDayNumber(now);
    if (day === this.day) return;
    this.day = day;
    for (const state of this.indices.values()) state.close = state.spot;
    for (const subscription of this.subscriptions.values()) subscription.tick.close = undefined;
  }

  private retryUnknown(now: number): void {
    if (this.unknown.size === 0 || now - this.lastRetry < RETRY_UNKNOWN_MS) return;
    this.lastRetry = now;
    const pending = [...this.unknown];
    this.unknown.clear();
    this.subscribe(pending);
  }

  private resolve(symbol: string): Subscription | undefined {
    const tick: RawTick = { symbol, price: 0, ts: 0 };
    const index = indexByDisplayName(symbol, this.options.table);
    if (index) return { index: this.indices.get(index.name)!, instrument: undefined, tick, ticked: false };
    const instrument = this.options.directory.bySymbol(symbol);
    if (!instrument || !isIndexName(instrument.name)) return undefined;
    if (instrument.instrument_type === 'INDEX') {
      return { index: this.indices.get(instrument.name)!, instrument: undefined, tick, ticked: false };
    }
    return { index: this.indices.get(instrument.name)!, instrument, tick, ticked: false };
  }
}
