import type { JournalDay } from '@xtrader/core/api/journal';
import { formatNumber } from '@xtrader/core/format/format';
import { istClock } from './journal-format';

/** Drawing units of the plot; the SVG stretches them to its box (strokes keep their width). */
const W = 1000;
const H = 100;

/**
 * The day's equity curve: cumulative net P&L after each closed round trip, as a step line (P&L only moves when a
 * trip closes) over the zero line. A plain SVG stretched to the panel's width; the axis labels are HTML so they
 * keep their shape.
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
  const x = (ts: number) => ((ts - first) / (last - first || 1)) * W;
  const y = (net: number) => ((high - net) / span) * H;
  let path = `M0,${y(0)}`;
  for (const point of points.slice(1)) path += ` H${x(point.ts)} V${y(point.net)}`;
  const end = points.at(-1)?.net ?? 0;
  const stroke = end >= 0 ? 'var(--color-buy)' : 'var(--color-sell)';
  return (
    <div
      className="relative h-40 w-full pt-2 pr-2 pb-5 pl-16 font-mono text-[10px] text-muted"
      role="img"
      aria-label={`Equity curve: net ${formatNumber(end)} after ${points.length - 1} closed trades`}
    >
      <span className="absolute top-0 left-0 w-14 text-right">{formatNumber(high)}</span>
      <span className="absolute bottom-4 left-0 w-14 text-right">{formatNumber(low)}</span>
      <span className="absolute bottom-0 left-16">{istClock(first)}</span>
      <span className="absolute right-2 bottom-0">{istClock(last)}</span>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-full w-full overflow-visible"
        aria-hidden
      >
        <line
          x1={0}
          x2={W}
          y1={y(0)}
          y2={y(0)}
          stroke="var(--color-border-strong)"
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
        <path d={path} fill="none" stroke={stroke} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
    </div>
  );
}
