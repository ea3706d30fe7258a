import type { Position } from '@xtrader/core/api/portfolio';
import { formatNumber } from '@xtrader/core/format/format';
import { useLiveFigures, useLiveIndexPnl } from '../../live/live-pnl';
import { LiveText } from '../../ui/live-text';
import { PnlText } from './pnl-text';

type CellProps = { position: Position };

/** A position's live last price. */
export function LiveLtpCell({ position }: CellProps) {
  return <LiveText className="text-right font-mono">{formatNumber(useLiveFigures(position).ltp)}</LiveText>;
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
