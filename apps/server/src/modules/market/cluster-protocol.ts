import type { BrokerStreamState, RawTick } from './contract';

// What instances of a cluster say to each other about prices (bus topics), and the leadership the price stream
// follows. The user-stream topics are declared beside their relay (stream-relay.ts).

/** A tick on the wire: [symbol, price, ts] or [symbol, price, ts, close]; arrays keep the JSON small. */
export type WireTick = [string, number, number] | [string, number, number, number];

/** A copy of `tick` for the wire (feeds may reuse their tick objects). */
export const toWire = (tick: RawTick): WireTick =>
  tick.close === undefined
    ? [tick.symbol, tick.price, tick.ts]
    : [tick.symbol, tick.price, tick.ts, tick.close];

/** One symbol's interest on the wire: [symbol, readers, held (1) or not (0)]. */
export type WireDemand = [string, number, 0 | 1];

declare module '../../bus/bus' {
  interface BusEvents {
    /** The price leader's ticks, batched (one message per batch, never per tick). */
    'prices.ticks': { from: string; epoch: number; ticks: WireTick[] };
    /**
     * Which symbols an instance's own readers want ticking: its whole set, sent on change and periodically; with a
     * symbol-limited platform feed also how much each is wanted there (`demand`), so the leader budgets the one
     * vendor line by the whole cluster's readers and held contracts.
     */
    'prices.interest': { from: string; symbols: string[]; demand?: WireDemand[] };
    /**
     * The state of the platform vendor's line as the price leader sees it (on change and periodically), so every
     * instance's feed badge says what the one line does.
     */
    'prices.vendor-state': { from: string; epoch: number; state: BrokerStreamState };
    /** A new leader took the price stream: every instance sends its interest at once. */
    'prices.leader': { from: string; epoch: number };
  }
}

/** Whether this instance holds the cluster's price leadership (the `leader:prices` lease). */
export interface Leadership {
  readonly isLeader: boolean;
  /** The lease's fencing epoch while leader (ticks of a lower epoch are from a deposed leader). */
  readonly epoch: number;
  /** Called on every change (taken or lost). */
  onChange(handler: (leader: boolean) => void): () => void;
  /** Tries at once and keeps trying/renewing in the background. */
  start(): Promise<void>;
  /** Stops trying and releases a held lease so another instance takes over at once (drain). */
  stop(): Promise<void>;
}
