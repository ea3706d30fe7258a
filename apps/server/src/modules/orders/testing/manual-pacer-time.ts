import type { PacerTime } from '../context/pacer';

/** Pacer time that moves only when a test says so: sleepers wake as `advance` passes their time. */
export interface ManualPacerTime extends PacerTime {
  advance(ms: number): void;
  /** How many waits for a pacing slot are pending. */
  readonly sleeping: number;
}

export function createManualPacerTime(): ManualPacerTime {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
    advance(ms) {
      now += ms;
      for (const sleeper of sleepers.filter((s) => s.until <= now)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
    },
    get sleeping() {
      return sleepers.length;
    },
  };
}
