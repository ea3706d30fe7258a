import { formatNumber, formatRupee } from '@xtrader/core/format/format';
import { getIndex } from '@xtrader/core/market/indices';
import { PNL_FIGURE_TEXT } from '@xtrader/core/pnl/figures';
import { useMargin, usePositions } from '../../api/portfolio-queries';
import { useLiveIndexPnl, useLiveTotalPnl } from '../../live/live-pnl';
import { useTradingSettings } from '../../state/trading-settings-store';
import { cn } from '../../ui/cn';

type FigureProps = { label: string; value: string; title?: string; className?: string };

function Figure({ label, value, title, className }: FigureProps) {
  return (
    <div className="flex min-w-0 flex-col">
      <span
        className="text-[10px] font-medium tracking-wide whitespace-nowrap text-muted uppercase"
        title={title}
      >
        {label}
      </span>
      <span className={cn('truncate font-mono text-sm font-semibold text-fg', className)}>{value}</span>
    </div>
  );
}

const NO_POSITIONS: never[] = [];

/** Core's index P&L of the selected index from the live P&L store (the positions table group's figure). */
function IndexPnl() {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const positions = usePositions().data?.netPosition ?? NO_POSITIONS;
  const pnl = useLiveIndexPnl(positions, index);
  return (
    <Figure
      label={PNL_FIGURE_TEXT.indexPnl.label(getIndex(index).displayName)}
      title={PNL_FIGURE_TEXT.indexPnl.explanation}
      value={formatNumber(pnl)}
      className={cn(pnl > 0 && 'text-buy', pnl < 0 && 'text-sell')}
    />
  );
}

const signed = (value: number) => cn(value > 0 && 'text-buy', value < 0 && 'text-sell');

/**
 * The day's P&L of every position before charges (live), the charges the broker reports for the day's fills, and
 * what is left: Practice Mode reports charges, live brokers do not (their figures are then not shown).
 */
function ChargesFigures({ charges }: { charges: number }) {
  const positions = usePositions().data?.netPosition ?? NO_POSITIONS;
  const gross = useLiveTotalPnl(positions);
  const net = gross - charges;
  return (
    <>
      <div className="h-7 w-px bg-border" aria-hidden />
      <Figure label="Gross P&L" value={formatNumber(gross)} className={signed(gross)} />
      <Figure
        label="Charges"
        title="Brokerage, STT, exchange and SEBI fees, stamp duty and GST of today's fills"
        value={formatRupee(charges)}
        className="text-warn"
      />
      <Figure label="Net P&L" value={formatNumber(net)} className={signed(net)} />
    </>
  );
}

/**
 * Utilized and Available Funds (polled every 5 s with an active broker), the per-index P&L label and, when the
 * broker reports charges (Practice Mode), gross P&L, charges and net P&L.
 */
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
      {margin?.charges !== undefined && <ChargesFigures charges={margin.charges} />}
    </section>
  );
}
