import type { MarketData, PriceView, Quote } from '../modules/market/contract';
import { Fanout, type FanoutLimits } from './fanout';

/** The shared simulated source's id: its fan-outs live as long as the gateway. */
export const SHARED_SOURCE = 'sim';

interface Entry {
  fanout: Fanout;
  stop: () => void;
}

/**
 * One fan-out per price source and view: users on the same source share frames (everyone on the simulator shares
 * two), and a user's own broker source has fan-outs of its own, so its frames reach only that user's sockets.
 */
export class SourceFanouts {
  /** Every fan-out, for the flusher. */
  readonly all = new Set<Fanout>();
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: FanoutLimits,
    private readonly onChanges: () => void,
  ) {}

  /** The fan-out of `view` of source `sourceId`, subscribed to that source's quotes on first use. */
  acquire(sourceId: string, data: MarketData, view: PriceView): Fanout {
    const key = `${sourceId}|${view}`;
    const existing = this.entries.get(key);
    if (existing) return existing.fanout;
    const fanout = new Fanout(this.limits);
    const stop = data.onQuotes(view, (quotes: readonly Quote[]) => {
      fanout.update(quotes);
      if (fanout.hasChanges) this.onChanges();
    });
    this.entries.set(key, { fanout, stop });
    this.all.add(fanout);
    return fanout;
  }

  /** Lets a user's source's fan-out go once no socket uses it; the shared ones stay. */
  releaseIfUnused(sourceId: string, view: PriceView): void {
    if (sourceId === SHARED_SOURCE) return;
    const key = `${sourceId}|${view}`;
    const entry = this.entries.get(key);
    if (!entry || entry.fanout.clientCount > 0) return;
    entry.stop();
    this.entries.delete(key);
    this.all.delete(entry.fanout);
  }

  close(): void {
    for (const entry of this.entries.values()) entry.stop();
    this.entries.clear();
    this.all.clear();
  }
}
