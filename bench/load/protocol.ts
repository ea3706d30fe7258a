// Messages between the load benchmark's processes (IPC over child_process.fork).

/** One contract the orders trade. */
export interface TradedContract {
  exchange: string;
  internalToken: string;
  lotSize: number;
}

/** Server -> parent. */
export type ServerEvent =
  | {
      type: 'ready';
      port: number;
      /** One access token per user (Practice Mode users). */
      tokens: string[];
      /** The symbols sockets subscribe to: the indices and the options nearest the money. */
      symbols: string[];
      contracts: TradedContract[];
    }
  | { type: 'stats'; memory: MemorySample; cpuMicros: number; loopLateMs: { p99: number; max: number } };

/** The server's memory: RSS, and the V8 heap after a full garbage collection (what is really kept). */
export interface MemorySample {
  rssBytes: number;
  heapUsedBytes: number;
  /** Memory outside the V8 heap that JavaScript objects hold (Buffers, socket data). */
  externalBytes: number;
}

/** Parent -> client fleet. */
export type ClientCommand =
  | { type: 'connect'; url: string; tokens: string[]; sockets: number; symbols: string[]; perSocket: number }
  | { type: 'report' }
  | { type: 'close' };

/** Client fleet -> parent. */
export type ClientEvent =
  | { type: 'connected'; sockets: number; failed: number; firstError?: string }
  | {
      type: 'report';
      open: number;
      /** Sockets closed by the server (or errored) since they connected. */
      dropped: number;
      dropReasons: string[];
      frames: number;
      /** Frames of the `orders` channel (a user's order updates), counted apart from prices. */
      orderFrames: number;
    };
