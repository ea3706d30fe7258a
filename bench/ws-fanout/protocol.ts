// Messages between the benchmark's processes (IPC over child_process.fork).

export type ServerMode = 'gateway' | 'bare';

/** Parent -> server. */
export type ServerCommand = { type: 'pace'; ticksPerSecond: number } | { type: 'stats' };

/** Server -> parent. */
export type ServerEvent =
  | { type: 'ready'; port: number; path: string; symbols: string[] }
  | { type: 'stats'; rssBytes: number; cpuMicros: number };

/** Parent -> client fleet. */
export type ClientCommand =
  | { type: 'connect'; url: string; clients: number; symbols: string[]; subscriptionsPerClient: number }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

/** Client fleet -> parent. */
export type ClientEvent =
  | { type: 'connected'; clients: number }
  | {
      type: 'report';
      seconds: number;
      frames: number;
      ticks: number;
      p50Ms: number;
      p99Ms: number;
      /** The fleet's CPU (user + system) since the reset. */
      cpuMicros: number;
    };

/** The simulator's cycle for a per-symbol tick rate: 100 ms at low rates, shorter (>= 10 ms) at high ones. */
export const cycleFor = (ticksPerSecond: number): number =>
  Math.max(10, Math.min(100, Math.floor(1000 / ticksPerSecond)));

/** Ticks a symbol really gets at `rate` (at most one per cycle). */
export const effectiveRate = (ticksPerSecond: number): number =>
  Math.min(ticksPerSecond, 1000 / cycleFor(ticksPerSecond));

/** Deterministic pick of `count` symbols for client `index`, identical for both servers. */
export function symbolsForClient(index: number, symbols: readonly string[], count: number): string[] {
  let state = (index + 1) * 2_654_435_761;
  const picked = new Set<string>();
  while (picked.size < Math.min(count, symbols.length)) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    picked.add(symbols[state % symbols.length]!);
  }
  return [...picked];
}
