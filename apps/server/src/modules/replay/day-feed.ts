import type { PriceFeed, RawTick } from '../market/contract';
import type { RecordedTick } from '../market/replay';

/**
 * Plays one recorded day on a replay clock: every tick whose recorded time the clock has reached, in recorded
 * order. A tick carries the real time it is played (as the file replay feed does), so feed health, stale-price
 * holds and the WebSocket see a live feed; the replayed time is the replay clock's, which the paper account reads.
 * Unsubscribed symbols are skipped but remembered, so a later subscriber gets the last price at once. It plays
 * once: after the last tick the prices stay where the day ended.
 *
 * A subscribed contract that has not played for `refreshMs` of real time has its last price played again: gaps in a
 * recording are its sampling (at most 4 ticks a second, the sample day's options every 10 s), not a dead feed, and at
 * 1x they would otherwise read as stale prices (market orders asking first, automation paused).
 */
export class DayReplayFeed implements PriceFeed {
  readonly name = 'day-replay';
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private readonly subscribed = new Set<string>();
  private readonly latest = new Map<string, RawTick>();
  /** Real time each subscribed symbol was last played. */
  private readonly playedAt = new Map<string, number>();
  private position = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ticks: readonly RecordedTick[],
    private readonly clock: { now(): number },
    /** Real time, stamped on each tick as it plays. */
    private readonly wall: { now(): number },
    private readonly pollMs = 50,
    /** Called after each poll (the replay checks its square-off there). */
    private readonly afterPlay?: () => void,
    private readonly refreshMs = 1000,
  ) {}

  async start(): Promise<void> {
    if (this.timer) return;
    this.advance();
    this.timer = setInterval(() => this.advance(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** True once every recorded tick has played. */
  get finished(): boolean {
    return this.position >= this.ticks.length;
  }

  subscribe(symbols: readonly string[]): void {
    const fresh: RawTick[] = [];
    for (const symbol of symbols) {
      if (this.subscribed.has(symbol)) continue;
      this.subscribed.add(symbol);
      const known = this.latest.get(symbol);
      if (known) fresh.push({ ...known, ts: this.wall.now() });
    }
    if (fresh.length > 0) this.emit(fresh);
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      this.subscribed.delete(symbol);
      this.playedAt.delete(symbol);
    }
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Plays every tick the clock has reached, and the last price of contracts quiet for `refreshMs`, as one batch. */
  advance(): void {
    const now = this.clock.now();
    const wall = this.wall.now();
    const batch: RawTick[] = [];
    while (this.position < this.ticks.length && this.ticks[this.position]!.time <= now) {
      const recorded = this.ticks[this.position]!;
      this.position += 1;
      const tick = { symbol: recorded.symbol, price: recorded.price, ts: wall };
      this.latest.set(recorded.symbol, tick);
      if (this.subscribed.has(recorded.symbol)) batch.push(tick);
    }
    for (const tick of batch) this.playedAt.set(tick.symbol, wall);
    for (const symbol of this.subscribed) {
      const known = this.latest.get(symbol);
      if (!known || wall - (this.playedAt.get(symbol) ?? 0) < this.refreshMs) continue;
      this.playedAt.set(symbol, wall);
      batch.push({ ...known, ts: wall });
    }
    if (batch.length > 0) this.emit(batch);
    this.afterPlay?.();
  }

  private emit(ticks: readonly RawTick[]): void {
    for (const handler of this.handlers) handler(ticks);
  }
}
