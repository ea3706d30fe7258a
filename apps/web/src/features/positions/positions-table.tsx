import type { Position } from '@xtrader/core/api/portfolio';
import { formatNumber } from '@xtrader/core/format/format';
import { PNL_FIGURE_TEXT } from '@xtrader/core/pnl/figures';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTrackedPositions } from '../../live/live-pnl';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { ColumnConfig } from '../../state/trading-settings-types';
import { Checkbox } from '../../ui/checkbox';
import { EmptyRow, TableFrame, TableScroll, Th } from '../../ui/table';
import { type RowWindow, useScrollWindow, visibleWindow } from '../../ui/windowing';
import { ChargesStrip } from './charges-strip';
import { groupPositions, type PositionGroup } from './group-positions';
import { LiveGroupPnl } from './live-cells';
import { PositionRow } from './position-row';
import { useExitKeys } from './use-exit-keys';
import { useStopKeys } from './use-stop-keys';

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

function Options({ positions }: { positions: readonly Position[] }) {
  const options = useTradingSettings((s) => s.orderTableState.positions);
  const set = (patch: Partial<typeof options>) =>
    useTradingSettings.setState((s) => ({
      orderTableState: { ...s.orderTableState, positions: { ...s.orderTableState.positions, ...patch } },
    }));
  return (
    <div className="flex shrink-0 items-center gap-4 border-b border-border px-2 py-1.5 short:py-1">
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
      <ChargesStrip positions={positions} />
    </div>
  );
}

/**
 * Positions grouped by index with each group's Net Delta and P&L, live P&L recomputed every 500 ms, inline
 * stop-loss/target placement and square off; a row expands to its instrument's pending orders.
 */
/** Height of every row (position rows and group headers alike), for the windowing maths. */
const ROW_HEIGHT_PX = 33;
const OVERSCAN_ROWS = 10;

type GroupProps = {
  group: PositionGroup;
  /** Index of the group's header row among all rows. */
  first: number;
  view: RowWindow;
  columns: ColumnConfig[];
  /** Every position of the table, rows hidden by the options included: the group P&L counts them all. */
  positions: readonly Position[];
  relativeToNifty: boolean;
  expanded: ReadonlySet<string>;
  onToggle: (key: string) => void;
  renderPendingOrders: Props['renderPendingOrders'];
};

const Spacer = ({ rows, colSpan }: { rows: number; colSpan: number }) =>
  rows > 0 ? (
    <tr aria-hidden style={{ height: rows * ROW_HEIGHT_PX }}>
      <td colSpan={colSpan} />
    </tr>
  ) : null;

/** One index group: its header (Net Delta, live P&L) and the rows of it that are in view. */
function GroupBody({
  group,
  first,
  view,
  columns,
  positions,
  relativeToNifty,
  expanded,
  onToggle,
  renderPendingOrders,
}: GroupProps) {
  const from = Math.max(0, view.start - first - 1);
  const to = Math.min(group.positions.length, Math.max(0, view.end - first - 1));
  const headerShown = first >= view.start && first < view.end;
  return (
    <tbody aria-label={`${group.displayName} positions`}>
      {headerShown ? (
        <tr className="border-b border-border bg-surface-2">
          <td colSpan={columns.length} className="h-8 px-2">
            <div className="flex items-center gap-5 text-xs">
              <span className="font-semibold tracking-wide text-fg">{group.displayName}</span>
              <span className="text-muted">
                Net Delta{' '}
                <span className="ml-1 font-mono font-semibold text-fg">{formatNumber(group.netDelta)}</span>
              </span>
              <span
                className="inline-flex items-center text-muted"
                title={PNL_FIGURE_TEXT.indexPnl.explanation}
              >
                P&L <LiveGroupPnl positions={positions} index={group.index} />
              </span>
            </div>
          </td>
        </tr>
      ) : (
        <Spacer rows={1} colSpan={columns.length} />
      )}
      <Spacer rows={Math.min(from, to)} colSpan={columns.length} />
      {group.positions.slice(from, to).map((position) => (
        <PositionRow
          key={positionKey(position)}
          position={position}
          columns={columns}
          relativeToNifty={relativeToNifty}
          expanded={expanded.has(positionKey(position))}
          onToggle={onToggle}
          renderPendingOrders={renderPendingOrders}
        />
      ))}
      <Spacer rows={group.positions.length - Math.max(from, to)} colSpan={columns.length} />
    </tbody>
  );
}

/**
 * Positions grouped by index with each group's Net Delta and P&L, live P&L recomputed every 500 ms, inline
 * stop-loss/target placement and square off; a row expands to its instrument's pending orders. Only rows in view
 * are rendered while no row is expanded (expanded rows have no fixed height, so then every row renders).
 */
export function PositionsTable({ positions, renderPendingOrders }: Props) {
  useTrackedPositions(positions);
  useExitKeys(positions);
  useStopKeys(positions);
  const options = useTradingSettings((s) => s.orderTableState.positions);
  const columns = useMemo(() => options.columns.filter((c) => c.visible || !c.isOptional), [options.columns]);
  const { showOnlyNonZeroPositions: onlyNonZero, showDeltaRelativeToNifty: relativeToNifty } = options;
  const groups = useMemo(
    () => groupPositions(positions, { onlyNonZero, relativeToNifty }),
    [positions, onlyNonZero, relativeToNifty],
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const onToggle = useCallback(
    (key: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const scroller = useScrollWindow<HTMLDivElement>();
  const total = groups.reduce((sum, g) => sum + 1 + g.positions.length, 0);
  const view =
    expanded.size > 0
      ? { start: 0, end: total }
      : visibleWindow(total, scroller.top, scroller.height, ROW_HEIGHT_PX, OVERSCAN_ROWS);
  let first = 0;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <Options positions={positions} />
      <TableScroll ref={scroller.ref}>
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
          {groups.map((group) => {
            const at = first;
            first += 1 + group.positions.length;
            return (
              <GroupBody
                key={group.index}
                group={group}
                first={at}
                view={view}
                columns={columns}
                positions={positions}
                relativeToNifty={relativeToNifty}
                expanded={expanded}
                onToggle={onToggle}
                renderPendingOrders={renderPendingOrders}
              />
            );
          })}
        </TableFrame>
      </TableScroll>
    </div>
  );
}
