import type { Quote } from '../modules/market/contract';
import { ltpFrame, quoteFragment, quotePrefix } from './frames';

/** What the fan-out needs of a socket (a `ws` WebSocket, or a fake in tests). */
export interface FrameSink {
  readonly bufferedAmount: number;
  send(frame: string): void;
  /** Drops the connection at once (a client too slow to keep). */
  terminate(): void;
}

/** The latest fragment of one symbol and the flush in which it last changed. */
interface SymbolSlot {
  readonly symbol: string;
  readonly prefix: string;
  fragment: string;
  /** Flush number in which the change is (or was) delivered; 0 before the first price. */
  version: number;
  subscribers: number;
}

/** One connected client of this view. */
export interface FanoutClient {
  readonly sink: FrameSink;
  readonly slots: SymbolSlot[];
  /** Last flush whose changes this client has been sent. */
  sentVersion: number;
}

export interface FanoutLimits {
  /** Above this many queued bytes a client is skipped; its symbols coalesce to their latest price. */
  coalesceAboveBytes: number;
  /** Above this many queued bytes a client is dropped. */
  dropAboveBytes: number;
}

export interface FlushStats {
  frames: number;
  deliveries: number;
  skipped: number;
  dropped: number;
}

/**
 * Fan-out of one price view to its clients. Quotes mark their symbol's slot changed (serialised once); a flush
 * sends each client one frame with every subscribed symbol changed since its last frame. A client whose socket
 * buffer is above the coalescing mark is skipped, so it later gets only the latest price per symbol; above the
 * drop mark it is terminated. Nothing a slow client does delays the others.
 */
export class Fanout {
  private readonly slots = new Map<string, SymbolSlot>();
  private readonly clients = new Set<FanoutClient>();
  private version = 0;
  private dirty = false;

  constructor(private readonly limits: FanoutLimits) {}

  get clientCount(): number {
    return this.clients.size;
  }

  /** True when quotes arrived since the last flush. */
  get hasChanges(): boolean {
    return this.dirty;
  }

  addClient(sink: FrameSink): FanoutClient {
    const client: FanoutClient = { sink, slots: [], sentVersion: this.version };
    this.clients.add(client);
    return client;
  }

  removeClient(client: FanoutClient): void {
    if (!this.clients.delete(client)) return;
    for (const slot of client.slots) this.unref(slot);
    client.slots.length = 0;
  }

  /** Adds symbols to a client; returns those it did not have. */
  subscribe(client: FanoutClient, symbols: readonly string[]): string[] {
    const added: string[] = [];
    for (const symbol of symbols) {
      if (client.slots.some((slot) => slot.symbol === symbol)) continue;
      let slot = this.slots.get(symbol);
      if (!slot) {
        slot = { symbol, prefix: quotePrefix(symbol), fragment: '', version: 0, subscribers: 0 };
        this.slots.set(symbol, slot);
      }
      slot.subscribers += 1;
      client.slots.push(slot);
      added.push(symbol);
    }
    return added;
  }

  /** Removes symbols from a client; returns those it had. */
  unsubscribe(client: FanoutClient, symbols: readonly string[]): string[] {
    const removed: string[] = [];
    for (const symbol of symbols) {
      const at = client.slots.findIndex((slot) => slot.symbol === symbol);
      if (at < 0) continue;
      this.unref(client.slots[at]!);
      client.slots.splice(at, 1);
      removed.push(symbol);
    }
    return removed;
  }

  /** Records a batch of changed quotes; only symbols someone subscribes to are serialised. */
  update(quotes: readonly Quote[]): void {
    const next = this.version + 1;
    for (const quote of quotes) {
      const slot = this.slots.get(quote.symbol);
      if (!slot) continue;
      slot.fragment = quoteFragment(slot.prefix, quote);
      slot.version = next;
      this.dirty = true;
    }
  }

  /** Sends every client the symbols changed since its last frame, one frame each. */
  flush(): FlushStats {
    this.dirty = false;
    this.version += 1;
    const stats: FlushStats = { frames: 0, deliveries: 0, skipped: 0, dropped: 0 };
    const parts: string[] = [];
    for (const client of this.clients) {
      const buffered = client.sink.bufferedAmount;
      if (buffered > this.limits.dropAboveBytes) {
        stats.dropped += 1;
        this.removeClient(client);
        client.sink.terminate();
        continue;
      }
      if (buffered > this.limits.coalesceAboveBytes) {
        stats.skipped += 1;
        continue;
      }
      parts.length = 0;
      for (const slot of client.slots) if (slot.version > client.sentVersion) parts.push(slot.fragment);
      client.sentVersion = this.version;
      if (parts.length === 0) continue;
      client.sink.send(ltpFrame(parts));
      stats.frames += 1;
      stats.deliveries += parts.length;
    }
    return stats;
  }

  private unref(slot: SymbolSlot): void {
    slot.subscribers -= 1;
    if (slot.subscribers === 0) this.slots.delete(slot.symbol);
  }
}
