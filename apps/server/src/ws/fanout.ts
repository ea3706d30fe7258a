import type { Quote } from '../modules/market/contract';
import { quoteFragment, quotePrefix } from './frames';
import { type LtpFrame, LtpFrameBuilder } from './wire-frame';

/** What the fan-out needs of a socket (a `ws` WebSocket through `socketSink`, or a fake in tests). */
export interface FrameSink {
  readonly bufferedAmount: number;
  send(frame: LtpFrame): void;
  /** Drops the connection at once (a client too slow to keep). */
  terminate(): void;
}

/** The latest fragment of one symbol and the flush in which it last changed. */
interface SymbolSlot {
  readonly symbol: string;
  readonly prefix: string;
  /** UTF-8 JSON of the latest quote, serialised once per tick for every client. */
  fragment: Buffer;
  /** Flush number in which the change is (or was) delivered; 0 before the first price. */
  version: number;
  /** Symbol sets holding this slot. */
  sets: number;
}

/**
 * One exact set of symbols, shared by every client watching that set (interned by its sorted symbols), so a
 * flush builds one frame for all of its clients that are up to date. Terminals tend to watch the same indices.
 */
export interface SymbolSet {
  readonly key: string;
  readonly slots: readonly SymbolSlot[];
  clients: number;
  /** The frame built in flush `frameVersion` for clients sent everything up to the previous flush. */
  frame: LtpFrame | null;
  frameVersion: number;
}

/** One connected client of this view. */
export interface FanoutClient {
  readonly sink: FrameSink;
  set: SymbolSet;
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

const keyOf = (symbols: readonly string[]): string => [...symbols].sort().join('\n');

/**
 * Fan-out of one price view to its clients. Quotes mark their symbol's slot changed (serialised once); a flush
 * sends each client one frame with every subscribed symbol changed since its last frame, built once per symbol
 * set. A client whose socket buffer is above the coalescing mark is skipped, so it later gets only the latest
 * price per symbol (its own frame, built from its older position); above the drop mark it is terminated. Nothing
 * a slow client does delays the others.
 */
export class Fanout {
  private readonly slots = new Map<string, SymbolSlot>();
  private readonly sets = new Map<string, SymbolSet>();
  private readonly clients = new Set<FanoutClient>();
  private readonly builder = new LtpFrameBuilder();
  /** Sets whose shared frame was built in the current flush; their frames are let go at its end. */
  private readonly built: SymbolSet[] = [];
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
    const client: FanoutClient = { sink, set: this.intern([]), sentVersion: this.version };
    this.clients.add(client);
    return client;
  }

  removeClient(client: FanoutClient): void {
    if (this.clients.delete(client)) this.release(client.set);
  }

  /** Symbols the client watches. */
  symbolsOf(client: FanoutClient): string[] {
    return client.set.slots.map((slot) => slot.symbol);
  }

  /** Adds symbols to a client; returns those it did not have. */
  subscribe(client: FanoutClient, symbols: readonly string[]): string[] {
    if (!this.clients.has(client)) return [];
    const have = new Set(this.symbolsOf(client));
    const added = [...new Set(symbols)].filter((symbol) => !have.has(symbol));
    if (added.length > 0) this.move(client, [...have, ...added]);
    return added;
  }

  /** Removes symbols from a client; returns those it had. */
  unsubscribe(client: FanoutClient, symbols: readonly string[]): string[] {
    if (!this.clients.has(client)) return [];
    const gone = new Set(symbols);
    const have = this.symbolsOf(client);
    const removed = have.filter((symbol) => gone.has(symbol));
    if (removed.length > 0)
      this.move(
        client,
        have.filter((symbol) => !gone.has(symbol)),
      );
    return removed;
  }

  /** Records a batch of changed quotes; only symbols someone subscribes to are serialised. */
  update(quotes: readonly Quote[]): void {
    const next = this.version + 1;
    for (const quote of quotes) {
      const slot = this.slots.get(quote.symbol);
      if (!slot) continue;
      slot.fragment = Buffer.from(quoteFragment(slot.prefix, quote));
      slot.version = next;
      this.dirty = true;
    }
  }

  /** Sends every client the symbols changed since its last frame, one frame each. */
  flush(): FlushStats {
    this.dirty = false;
    const previous = this.version;
    this.version += 1;
    const stats: FlushStats = { frames: 0, deliveries: 0, skipped: 0, dropped: 0 };
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
      // Up to date as of the previous flush: the set's shared frame. Back from a skip: its own catch-up frame.
      const frame =
        client.sentVersion === previous
          ? this.sharedFrame(client.set, previous)
          : this.frameSince(client.set, client.sentVersion);
      client.sentVersion = this.version;
      if (!frame) continue;
      client.sink.send(frame);
      stats.frames += 1;
      stats.deliveries += frame.ticks;
    }
    for (const set of this.built) set.frame = null;
    this.built.length = 0;
    return stats;
  }

  private sharedFrame(set: SymbolSet, since: number): LtpFrame | null {
    if (set.frameVersion !== this.version) {
      set.frame = this.frameSince(set, since);
      set.frameVersion = this.version;
      if (set.frame) this.built.push(set);
    }
    return set.frame;
  }

  /** A frame of the set's symbols changed after flush `since`, or null when none did. */
  private frameSince(set: SymbolSet, since: number): LtpFrame | null {
    for (const slot of set.slots) if (slot.version > since) this.builder.add(slot.fragment);
    return this.builder.build();
  }

  private move(client: FanoutClient, symbols: readonly string[]): void {
    const next = this.intern(symbols);
    this.release(client.set);
    client.set = next;
  }

  /** The shared set of exactly these symbols (slot order: as first asked for), counted as used once more. */
  private intern(symbols: readonly string[]): SymbolSet {
    const key = keyOf(symbols);
    let set = this.sets.get(key);
    if (!set) {
      const slots = symbols.map((symbol) => this.slotOf(symbol));
      set = { key, slots, clients: 0, frame: null, frameVersion: 0 };
      this.sets.set(key, set);
    }
    set.clients += 1;
    return set;
  }

  private slotOf(symbol: string): SymbolSlot {
    let slot = this.slots.get(symbol);
    if (!slot) {
      slot = { symbol, prefix: quotePrefix(symbol), fragment: EMPTY, version: 0, sets: 0 };
      this.slots.set(symbol, slot);
    }
    slot.sets += 1;
    return slot;
  }

  private release(set: SymbolSet): void {
    set.clients -= 1;
    if (set.clients > 0) return;
    this.sets.delete(set.key);
    for (const slot of set.slots) {
      slot.sets -= 1;
      if (slot.sets === 0) this.slots.delete(slot.symbol);
    }
  }
}

const EMPTY = Buffer.alloc(0);
