import { formatNumber } from '@xtrader/core';
import type { Position } from '@xtrader/core/api/portfolio';
import { type ReactNode, useMemo } from 'react';
import { useLivePnlStore } from '../../api/trading/live-pnl-store';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Checkbox } from '../../ui/checkbox';
import { EmptyRow, TableFrame, TableScroll, Th } from '../../ui/table';
import { groupPositions } from './group-positions';
import { LiveGroupPnl } from './live-cells';
import { PositionRow } from './position-row';

type Props = {
  positions: readonly Position[];
  renderPendingOrders: (position: Position) => ReactNode;
};

/** Column widths (px) of the fixed table layout; the table stretches them to its width. */
const WIDTHS: Record<string, number> = {
  instrument: 240,
  productType: 70,
  quantity: 70,
  averagePrice: 90,
  lastTradedPrice: 90,
  pnl: 110,
  placeStopLoss: 170,
  placeTarget: 170,
  delta: 80,
  squareOff: 90,
};

function Options() {
  const options = useTradingSettings((s) => s.orderTableState.positions);
  const set = (patch: Partial<typeof options>) =>
    useTradingSettings.setState((s) => ({
      orderTableState: { ...s.orderTableState, positions: { ...s.orderTableState.positions, ...patch } },
    }));
  return (
    <div className="flex shrink-0 items-center gap-4 border-b border-border px-2 py-1.5">
      <Checkbox
        checked={options.showOnlyNonZeroPositions}
        onCheckedChange={(v) => set({ showOnlyNonZeroPositions: v })}
        label="Show only non-zero positions"
      />
      <Checkbox
        checked={options.showDeltaRelativeToNifty}
        onCheckedChange={(v) => set({ showDeltaRelativeToNifty: v })}
        label="Delta relative to NIFTY"
      />
    </div>
  );
}

/**
 * Positions grouped by index with each group's Net Delta and P&L, live P&L recomputed every 500 ms, inline
 * stop-loss/target placement and square off; a row expands to its instrument's pending orders.
 */
export function PositionsTable({ positions, renderPendingOrders }: Props) {
  const store = useLivePnlStore(positions);
  const options = useTradingSettings((s) => s.orderTableState.positions);
  const columns = useMemo(() => options.columns.filter((c) => c.visible || !c.isOptional), [options.columns]);
  const { showOnlyNonZeroPositions: onlyNonZero, showDeltaRelativeToNifty: relativeToNifty } = options;
  const groups = useMemo(
    () => groupPositions(positions, { onlyNonZero, relativeToNifty }),
    [positions, onlyNonZero, relativeToNifty],
  );
  return (
    <div className="flex h-full min-h-0 flex-col">
      <Options />
      <TableScroll>
        <TableFrame label="Positions">
          <thead>
            <tr>
              {columns.map((column) => (
                <Th key={column.key} align={column.style?.align} style={{ width: WIDTHS[column.key] }}>
                  {column.label}
                </Th>
              ))}
            </tr>
          </thead>
          {groups.length === 0 && (
            <tbody>
              <EmptyRow colSpan={columns.length}>No open positions</EmptyRow>
            </tbody>
          )}
          {groups.map((group) => (
            <tbody key={group.index} aria-label={`${group.displayName} positions`}>
              <tr className="border-b border-border bg-surface-2">
                <td colSpan={columns.length} className="h-7 px-2">
                  <div className="flex items-center gap-5 text-xs">
                    <span className="font-semibold tracking-wide text-fg">{group.displayName}</span>
                    <span className="text-muted">
                      Net Delta{' '}
                      <span className="ml-1 font-mono font-semibold text-fg">
                        {formatNumber(group.netDelta)}
                      </span>
                    </span>
                    <span className="text-muted">
                      P&L <LiveGroupPnl store={store} keys={group.keys} />
                    </span>
                  </div>
                </td>
              </tr>
              {group.positions.map((position) => (
                <PositionRow
                  key={`${position.tradingSymbol}:${position.product}`}
                  position={position}
                  store={store}
                  columns={columns}
                  relativeToNifty={options.showDeltaRelativeToNifty}
                  renderPendingOrders={renderPendingOrders}
                />
              ))}
            </tbody>
          ))}
        </TableFrame>
      </TableScroll>
    </div>
  );
}
