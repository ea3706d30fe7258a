import type { Fanout } from './fanout';

export interface FlushTotals {
  frames: number;
  deliveries: number;
  skipped: number;
  dropped: number;
}

/**
 * When the fan-outs send: once per turn of the event loop after quotes arrive (so the batches of one tick cycle
 * become one frame per client), and again after `retryMs` while some client was skipped, so a slow client gets
 * its coalesced prices once its buffer drains even if the market goes quiet.
 */
export class Flusher {
  readonly totals: FlushTotals = { frames: 0, deliveries: 0, skipped: 0, dropped: 0 };
  private scheduled = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    /** Read on every flush: a fan-out added later (a user's own price source) is flushed too. */
    private readonly fanouts: Iterable<Fanout>,
    private readonly retryMs: number,
  ) {}

  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private flush(): void {
    this.scheduled = false;
    let skipped = 0;
    for (const fanout of this.fanouts) {
      const stats = fanout.flush();
      this.totals.frames += stats.frames;
      this.totals.deliveries += stats.deliveries;
      this.totals.skipped += stats.skipped;
      this.totals.dropped += stats.dropped;
      skipped += stats.skipped;
    }
    if (skipped === 0 || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.flush();
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
