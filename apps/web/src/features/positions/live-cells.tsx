import { formatNumber } from '@xtrader/core';
import { type LivePnlStore, useLiveFigures, useLiveIndexPnl } from '../../live/live-pnl-store';
import { LiveText } from '../../ui/live-text';
import { PnlText } from './pnl-text';

type CellProps = { store: LivePnlStore; positionKey: string };

/** A position's live last price. */
export function LiveLtpCell({ store, positionKey }: CellProps) {
  const figures = useLiveFigures(store, positionKey);
  return <LiveText className="text-right font-mono">{figures ? formatNumber(figures.ltp) : '-'}</LiveText>;
}

/** A position's live P&L, green or red. */
export function LivePnlCell({ store, positionKey }: CellProps) {
  const figures = useLiveFigures(store, positionKey);
  return (
    <LiveText width="w-24" className="text-right">
      <PnlText value={figures?.pnl ?? 0} />
    </LiveText>
  );
}

/** A group's live P&L: core's index P&L, hidden rows included. */
export function LiveGroupPnl({ store, index }: { store: LivePnlStore; index: string }) {
  return (
    <LiveText width="w-28" className="ml-1">
      <PnlText value={useLiveIndexPnl(store, index)} />
    </LiveText>
  );
}
