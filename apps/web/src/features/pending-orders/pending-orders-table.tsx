import type { Order } from '@xtrader/core/api/orders';
import { TABLE_PAGE_SIZE } from '@xtrader/core/constants';
import { type Dispatch, type SetStateAction, useCallback, useMemo, useState } from 'react';
import { isProvisionalOrder } from '../../api/provisional-orders';
import { groupOrders } from '../../lib/order-view';
import type { ColumnConfig } from '../../state/trading-settings-types';
import { Checkbox } from '../../ui/checkbox';
import { Pager, paginate } from '../../ui/pager';
import { EmptyRow, TableFrame, TableScroll, Th } from '../../ui/table';
import { useScrollWindow, visibleWindow } from '../../ui/windowing';
import { type FlatRow, flattenGroups } from './flat-rows';
import { PendingGroupRow } from './pending-group-row';
import { PendingOrderRow, type ToggleSelection } from './pending-order-row';
import { usePendingColumns } from './use-pending-columns';

export type Selection = ReadonlySet<string>;

/** Column widths (px) of the fixed table layout; the table stretches them to its width. */
const WIDTHS: Record<string, number> = {
  time: 94,
  orderId: 96,
  type: 150,
  instrument: 180,
  productType: 68,
  orderType: 92,
  quantity: 56,
  price: 72,
  lastTradedPrice: 84,
  modifyOrder: 140,
  stopLossTrailing: 150,
  cancel: 66,
};

type Props = {
  orders: readonly Order[];
  label: string;
  emptyText: string;
  selection: Selection;
  onSelectionChange: Dispatch<SetStateAction<Selection>>;
  /** Inside another table's row: no scroller of its own, every row rendered. */
  embedded?: boolean;
};

const toggle = (selection: Selection, ids: readonly string[], checked: boolean): Selection => {
  const next = new Set(selection);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
};

/** Row height of the table (h-8 cells and their border); the window maths assumes it. */
const ROW_HEIGHT_PX = 33;
/** Rows rendered beyond each edge of the view, so a fast scroll rarely shows a blank band. */
const OVERSCAN_ROWS = 12;

type RowsProps = {
  rows: readonly FlatRow[];
  columns: ColumnConfig[];
  selection: Selection;
  onToggle: ToggleSelection;
  expanded: ReadonlySet<string>;
  onExpand: (key: string) => void;
};

function Rows({ rows, columns, selection, onToggle, expanded, onExpand }: RowsProps) {
  return rows.map((row) => {
    if (row.kind === 'order')
      return (
        <PendingOrderRow
          key={row.key}
          nested={row.nested}
          order={row.order}
          columns={columns}
          selected={selection.has(row.order.orderId)}
          onToggle={onToggle}
        />
      );
    const ids = row.group.orders.map((o) => o.orderId);
    return (
      <PendingGroupRow
        key={row.key}
        group={row.group}
        columns={columns}
        expanded={expanded.has(row.key)}
        onExpand={() => onExpand(row.key)}
        selected={ids.every((id) => selection.has(id))}
        onSelect={(checked) => onToggle(ids, checked)}
      />
    );
  });
}

/** A spacer standing in for rows scrolled out of view. */
const Spacer = ({ rows, colSpan }: { rows: number; colSpan: number }) =>
  rows > 0 ? (
    <tr aria-hidden style={{ height: rows * ROW_HEIGHT_PX }}>
      <td colSpan={colSpan} />
    </tr>
  ) : null;

/**
 * Pending orders grouped by instrument, category and side, 200 groups a page, with the
 * visible columns of the column settings and a selection for the multi-order actions. Only the rows in view
 * (and a margin) are rendered, and rows are memoised, so a new order or a ticking price touches a few dozen rows,
 * not hundreds. `embedded` (a position's expanded row) renders every row and scrolls with its host.
 */
export function PendingOrdersTable({
  orders,
  label,
  emptyText,
  selection,
  onSelectionChange,
  embedded = false,
}: Props) {
  const columns = usePendingColumns();
  const groups = useMemo(() => groupOrders(orders), [orders]);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const onExpand = useCallback(
    (key: string) => setExpanded((open) => toggle(open, [key], !open.has(key))),
    [],
  );
  const onToggle = useCallback<ToggleSelection>(
    (ids, checked) => onSelectionChange((current) => toggle(current, ids, checked)),
    [onSelectionChange],
  );
  const scroller = useScrollWindow<HTMLDivElement>();
  const shown = paginate(groups, page, TABLE_PAGE_SIZE);
  const rows = useMemo(() => flattenGroups(shown.rows, expanded), [shown.rows, expanded]);
  const view = embedded
    ? { start: 0, end: rows.length }
    : visibleWindow(rows.length, scroller.top, scroller.height, ROW_HEIGHT_PX, OVERSCAN_ROWS);
  const allIds = orders.filter((o) => !isProvisionalOrder(o)).map((o) => o.orderId);
  const allSelected = allIds.length > 0 && allIds.every((id) => selection.has(id));
  const colSpan = columns.length + 1;
  const table = (
    <TableFrame label={label}>
      <thead>
        <tr>
          <Th style={{ width: 32 }}>
            <Checkbox
              aria-label="Select all orders"
              checked={allSelected}
              onCheckedChange={(c) => onToggle(allIds, c)}
              label={null}
            />
          </Th>
          {columns.map((column) => (
            <Th key={column.key} align={column.style?.align} style={{ width: WIDTHS[column.key] }}>
              {column.label}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <EmptyRow colSpan={colSpan}>{emptyText}</EmptyRow>}
        <Spacer rows={view.start} colSpan={colSpan} />
        <Rows
          rows={rows.slice(view.start, view.end)}
          columns={columns}
          selection={selection}
          onToggle={onToggle}
          expanded={expanded}
          onExpand={onExpand}
        />
        <Spacer rows={rows.length - view.end} colSpan={colSpan} />
      </tbody>
    </TableFrame>
  );
  const pager = (
    <Pager className="sticky left-0" page={shown.page} pageCount={shown.pageCount} onPage={setPage} />
  );
  if (embedded)
    return (
      <div className="overflow-x-auto">
        {table}
        {pager}
      </div>
    );
  return (
    <TableScroll ref={scroller.ref}>
      {table}
      {pager}
    </TableScroll>
  );
}
