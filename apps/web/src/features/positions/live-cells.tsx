import type { Position } from '@xtrader/core/api/portfolio';
import { formatNumber } from '@xtrader/core/format/format';
import { useQuote } from '../../live';
import { useLiveFigures, useLiveIndexPnl } from '../../live/live-pnl';
import { LiveText } from '../../ui/live-text';
import { Tooltip } from '../../ui/tooltip';
import { PnlText } from './pnl-text';

type CellProps = { position: Position };

/** The ticking number itself: only this re-renders on a tick, not the tooltip around it. */
function LtpText({ position }: CellProps) {
  return <LiveText className="text-right font-mono">{formatNumber(useLiveFigures(position).ltp)}</LiveText>;
}

const touchPrice = (value: number | null | undefined) => (value == null ? '-' : formatNumber(value));

/** The contract's best bid and ask, live while the hint is open (it mounts only then). */
function BidAskHint({ symbol }: { symbol: string }) {
  const quote = useQuote(symbol);
  if (quote?.bid === undefined && quote?.ask === undefined) return <span>No bid/ask for this contract</span>;
  return (
    <span className="font-mono tabular-nums" data-testid="position-bid-ask">
      <span className="text-muted">Bid</span> {touchPrice(quote.bid)} <span className="text-subtle">×</span>{' '}
      <span className="text-muted">Ask</span> {touchPrice(quote.ask)}
    </span>
  );
}

/** A position's live last price; hovering (or focusing) it shows the contract's bid and ask. */
export function LiveLtpCell({ position }: CellProps) {
  return (
    <Tooltip content={<BidAskHint symbol={position.tradingSymbol} />}>
      <button
        type="button"
        className="cursor-default rounded-sm focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-ring"
      >
        <LtpText position={position} />
      </button>
    </Tooltip>
  );
}

/** A position's live P&L, green or red. */
export function LivePnlCell({ position }: CellProps) {
  const figures = useLiveFigures(position);
  return (
    <LiveText width="w-24" className="text-right">
      <PnlText value={figures.pnl} />
    </LiveText>
  );
}

/** A group's live P&L: core's index P&L over all the table's positions, hidden rows included. */
export function LiveGroupPnl({ positions, index }: { positions: readonly Position[]; index: string }) {
  return (
    <LiveText width="w-28" className="ml-1">
      <PnlText value={useLiveIndexPnl(positions, index)} />
    </LiveText>
  );
}
