import { addDays, type IsoDate, istDateOf, istEpochMs } from '@xtrader/core/market/dates';
import type { RecordingOrigin } from '@xtrader/core/market/replay-access';
import type { Clock } from '../../clock';
import type { RecordingSettings } from '../../config-recording';
import type { Logger } from '../../logger';
import type { Quote } from '../market/contract';
import type { PriceSource, PriceSources } from '../market/price-sources';
import type { RecordedTick } from '../market/replay';
import type { RecordingStore } from './store';

const FLUSH_MS = 10_000;
const RETENTION_CHECK_MS = 6 * 3_600_000;

/** One source's day being recorded. */
interface DayBuffer {
  source: string;
  day: IsoDate;
  origin: RecordingOrigin;
  pending: RecordedTick[];
  /** Ticks of the day counted so far (stored and pending); undefined until the store has been asked. */
  stored: number | undefined;
  nextSeq: number;
  kept: number;
}

/** One source's recording state on the tick path. */
interface SourceState {
  lastKept: Map<string, number>;
  buffer: DayBuffer | undefined;
  /** The IST day of `buffer`, as instants: a quote inside it needs no date computed. */
  dayStart: number;
  dayEnd: number;
}

export interface RecorderDeps {
  sources: Pick<PriceSources, 'shared' | 'onSource'>;
  store: RecordingStore;
  clock: Clock;
  logger: Logger;
  settings: RecordingSettings;
  /** Origin of the shared source: `simulated` for the simulator, `platform` for a replayed file of real prices. */
  sharedOrigin: RecordingOrigin;
  flushMs?: number;
}

/** A user's own stream is `<key>:<userId>`: its recording is theirs. */
const originOfSource = (source: PriceSource): RecordingOrigin => {
  const colon = source.id.indexOf(':');
  return { kind: 'user', userId: source.id.slice(colon + 1) };
};

/**
 * Records the ticks of subscribed contracts of every price source (the live view, so a tick is kept at the time it
 * happened), per IST trading day and source, batched into gzip'd chunks every few seconds. Bounded: at most
 * `maxTicksPerSecond` per contract and `maxTicksPerDay` per source and day. Days past the retention are deleted.
 */
export class Recorder {
  private readonly days = new Map<string, DayBuffer>();
  /** Per source: the time of each contract's last tick kept, and the day being recorded. */
  private readonly sources = new Map<string, SourceState>();
  private readonly minGapMs: number;
  private readonly stops: Array<() => void> = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private retentionTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RecorderDeps) {
    this.minGapMs = 1000 / deps.settings.maxTicksPerSecond;
  }

  start(): void {
    const { sources, sharedOrigin } = this.deps;
    this.follow(sources.shared, sharedOrigin);
    // A Practice replay is a recording played back: it is not recorded again.
    this.stops.push(
      sources.onSource((source) => {
        if (!source.replay) this.follow(source, originOfSource(source));
      }),
    );
    this.flushTimer = setInterval(() => void this.flush(), this.deps.flushMs ?? FLUSH_MS);
    this.flushTimer.unref();
    this.retentionTimer = setInterval(() => void this.applyRetention(), RETENTION_CHECK_MS);
    this.retentionTimer.unref();
    void this.applyRetention();
  }

  async stop(): Promise<void> {
    for (const stop of this.stops.splice(0)) stop();
    if (this.flushTimer) clearInterval(this.flushTimer);
    if (this.retentionTimer) clearInterval(this.retentionTimer);
    await this.flush();
  }

  private follow(source: PriceSource, origin: RecordingOrigin): void {
    this.stops.push(source.data.onQuotes('live', (quotes) => this.record(source.id, origin, quotes)));
  }

  /** The tick path: one map lookup per quote, and a push per quote kept (no string built, no date computed). */
  record(source: string, origin: RecordingOrigin, quotes: readonly Quote[]): void {
    const state = this.stateOf(source);
    for (const quote of quotes) {
      const last = state.lastKept.get(quote.symbol);
      if (last !== undefined && quote.ts - last < this.minGapMs) continue;
      let buffer = state.buffer;
      if (!buffer || quote.ts < state.dayStart || quote.ts >= state.dayEnd) {
        const day = istDateOf(quote.ts);
        buffer = this.bufferOf(source, day, origin);
        state.buffer = buffer;
        state.dayStart = istEpochMs(day);
        state.dayEnd = istEpochMs(addDays(day, 1));
      }
      if (buffer.kept >= this.deps.settings.maxTicksPerDay) continue;
      state.lastKept.set(quote.symbol, quote.ts);
      buffer.kept += 1;
      buffer.pending.push({ time: quote.ts, symbol: quote.symbol, price: quote.lastPrice });
    }
  }

  private stateOf(source: string): SourceState {
    let state = this.sources.get(source);
    if (!state) {
      state = { lastKept: new Map(), buffer: undefined, dayStart: 0, dayEnd: 0 };
      this.sources.set(source, state);
    }
    // A buffer dropped after its day was written is looked up afresh.
    if (state.buffer && this.days.get(`${source}|${state.buffer.day}`) !== state.buffer)
      state.buffer = undefined;
    return state;
  }

  private bufferOf(source: string, day: IsoDate, origin: RecordingOrigin): DayBuffer {
    const key = `${source}|${day}`;
    let buffer = this.days.get(key);
    if (!buffer) {
      buffer = { source, day, origin, pending: [], stored: undefined, nextSeq: 0, kept: 0 };
      this.days.set(key, buffer);
    }
    return buffer;
  }

  /** Writes every pending batch; resolves when written (one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const today = istDateOf(this.deps.clock.now());
    for (const [key, buffer] of this.days) {
      try {
        await this.flushBuffer(buffer);
      } catch (error) {
        this.deps.logger.error(
          { err: error, source: buffer.source, day: buffer.day },
          'recording write failed',
        );
      }
      // An earlier day's buffer goes once written: no more ticks come for it.
      if (buffer.pending.length === 0 && buffer.day < today) this.days.delete(key);
    }
  }

  private async flushBuffer(buffer: DayBuffer): Promise<void> {
    if (buffer.pending.length === 0) return;
    if (buffer.stored === undefined) {
      // A restart continues the day: the cap counts what was already stored.
      const progress = await this.deps.store.dayProgress(buffer.source, buffer.day);
      buffer.stored = progress.ticks;
      buffer.nextSeq = progress.nextSeq;
      buffer.kept += progress.ticks;
    }
    const room = Math.max(0, this.deps.settings.maxTicksPerDay - buffer.stored);
    const ticks = buffer.pending.splice(0).slice(0, room);
    if (ticks.length === 0) return;
    const seq = buffer.nextSeq;
    buffer.nextSeq += 1;
    buffer.stored += ticks.length;
    await this.deps.store.save({ source: buffer.source, day: buffer.day, seq, origin: buffer.origin, ticks });
  }

  /** Deletes the days older than the retention; resolves with the batches deleted. */
  async applyRetention(): Promise<number> {
    const firstKept = addDays(istDateOf(this.deps.clock.now()), -this.deps.settings.retentionDays + 1);
    try {
      return await this.deps.store.deleteBefore(firstKept);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'recording retention failed');
      return 0;
    }
  }
}
