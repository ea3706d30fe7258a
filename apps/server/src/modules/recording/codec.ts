import { gunzipSync, gzipSync } from 'node:zlib';
import type { RecordedTick } from '../market/replay';

/**
 * A batch of ticks as stored: gzip'd `ts,symbol,price` lines, each `ts` the difference from the line before (the
 * first one absolute), which keeps a chunk small: most lines are a few characters of delta and a repeated symbol.
 */
export function encodeTicks(ticks: readonly RecordedTick[]): Uint8Array {
  let previous = 0;
  const lines = ticks.map((tick) => {
    const line = `${tick.time - previous},${tick.symbol},${tick.price}`;
    previous = tick.time;
    return line;
  });
  return gzipSync(lines.join('\n'), { level: 9 });
}

export function decodeTicks(data: Uint8Array): RecordedTick[] {
  const text = gunzipSync(data).toString('utf8');
  if (text === '') return [];
  let time = 0;
  return text.split('\n').map((line) => {
    const first = line.indexOf(',');
    const last = line.lastIndexOf(',');
    time += Number(line.slice(0, first));
    return { time, symbol: line.slice(first + 1, last), price: Number(line.slice(last + 1)) };
  });
}
