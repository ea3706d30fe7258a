import { formatNumber } from '@xtrader/core';
import { type LivePnlStore, useLiveFigures, useLiveTotal } from '../../api/trading/live-pnl-store';
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

/** A group's live P&L total. */
export function LiveGroupPnl({ store, keys }: { store: LivePnlStore; keys: readonly string[] }) {
  return (
    <LiveText width="w-28" className="ml-1">
      <PnlText value={useLiveTotal(store, keys)} />
    </LiveText>
  );
}
