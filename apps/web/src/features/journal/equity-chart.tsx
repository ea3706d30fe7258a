import type { JournalDay } from '@xtrader/core/api/journal';
import { formatNumber } from '@xtrader/core/format/format';
import { istClock } from './journal-format';

const WIDTH = 640;
const HEIGHT = 160;
const PAD = { left: 56, right: 12, top: 12, bottom: 22 };

/**
 * The day's equity curve: cumulative net P&L after each closed round trip, as a step line (P&L only moves when a
 * trip closes) with the zero line; a plain SVG, scaled to its box.
 */
export function EquityChart({ points }: { points: JournalDay['equity'] }) {
  if (points.length < 2) {
    return (
      <div
        className="grid h-40 place-items-center text-xs text-muted"
        role="img"
        aria-label="Equity curve: no closed trades"
      >
        No closed trades yet
      </div>
    );
  }
  const first = points[0]?.ts ?? 0;
  const last = points.at(-1)?.ts ?? first;
  const values = points.map((p) => p.net);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (ts: number) => PAD.left + ((ts - first) / (last - first || 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (net: number) => PAD.top + ((high - net) / span) * (HEIGHT - PAD.top - PAD.bottom);
  let path = `M${x(first)},${y(0)}`;
  for (const point of points.slice(1)) path += ` H${x(point.ts)} V${y(point.net)}`;
  const end = points.at(-1)?.net ?? 0;
  const stroke = end >= 0 ? 'var(--color-buy)' : 'var(--color-sell)';
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-40 w-full"
      role="img"
      aria-label={`Equity curve: net ${formatNumber(end)} after ${points.length - 1} closed trades`}
    >
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={y(0)}
        y2={y(0)}
        stroke="var(--color-border)"
        strokeDasharray="3 3"
      />
      <text x={PAD.left - 6} y={y(high) + 4} textAnchor="end" className="fill-muted text-[10px]">
        {formatNumber(high)}
      </text>
      <text x={PAD.left - 6} y={y(low) + 4} textAnchor="end" className="fill-muted text-[10px]">
        {formatNumber(low)}
      </text>
      <text x={PAD.left} y={HEIGHT - 6} className="fill-muted text-[10px]">
        {istClock(first)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-muted text-[10px]">
        {istClock(last)}
      </text>
      <path d={path} fill="none" stroke={stroke} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      {points.slice(1).map((point) => (
        <circle key={point.ts} cx={x(point.ts)} cy={y(point.net)} r={3} fill={stroke} />
      ))}
    </svg>
  );
}
