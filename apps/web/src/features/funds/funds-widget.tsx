import { formatNumber, formatRupee, getIndex } from '@xtrader/core';
import { useLivePositions } from '../../api/trading/live-pnl';
import { useMargin, usePositions } from '../../api/trading/portfolio-queries';
import { useTradingSettings } from '../../state/trading-settings-store';
import { cn } from '../../ui/cn';

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="text-[10px] font-medium tracking-wide whitespace-nowrap text-muted uppercase">
        {label}
      </span>
      <span className={cn('truncate font-mono text-sm font-semibold text-fg', className)}>{value}</span>
    </div>
  );
}

const NO_POSITIONS: never[] = [];

/** P&L of the selected index's positions at live prices, recomputed every 500 ms. */
function IndexPnl() {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const positions = usePositions().data?.netPosition ?? NO_POSITIONS;
  const live = useLivePositions(positions);
  const pnl =
    live.filter((p) => p.index === index).reduce((sum, p) => sum + Math.round(p.pnl * 100), 0) / 100;
  return (
    <Figure
      label={`${getIndex(index).displayName} P&L`}
      value={formatNumber(pnl)}
      className={cn(pnl > 0 && 'text-buy', pnl < 0 && 'text-sell')}
    />
  );
}

/** Utilized and Available Funds (polled every 5 s with an active broker) and the per-index P&L label. */
export function FundsWidget() {
  const margin = useMargin().data;
  const show = (value: number | undefined) => (value === undefined ? '-' : formatRupee(value));
  return (
    <section
      aria-label="Funds"
      className="flex items-center gap-5 rounded-lg border border-border bg-surface px-3 py-1.5"
    >
      <Figure label="Utilized Funds" value={show(margin?.utilized)} />
      <Figure label="Available Funds" value={show(margin?.available)} />
      <div className="h-7 w-px bg-border" aria-hidden />
      <IndexPnl />
    </section>
  );
}
