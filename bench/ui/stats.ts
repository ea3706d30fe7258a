/** Nearest-rank percentile of a sample (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Differences between paired timestamps (the i-th effect of the i-th cause). */
export const pairedDelays = (causes: readonly number[], effects: readonly number[]): number[] =>
  effects.slice(0, causes.length).map((effect, i) => effect - causes[i]!);

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
