import { TABLE_PAGE_SIZE } from '@xtrader/core';
import type { Order } from '@xtrader/core/api/orders';
import { type Dispatch, Fragment, type SetStateAction, useCallback, useMemo, useState } from 'react';
import { groupOrders, type OrderGroup } from '../../api/trading/order-view';
import { isProvisionalOrder } from '../../api/trading/provisional-orders';
import type { ColumnConfig } from '../../state/trading-settings-types';
import { Checkbox } from '../../ui/checkbox';
import { Pager, paginate } from '../../ui/pager';
import { EmptyRow, TableFrame, TableScroll, Th } from '../../ui/table';
import { PendingGroupRow } from './pending-group-row';
import { PendingOrderRow, type ToggleSelection } from './pending-order-row';
import { usePendingColumns } from './use-pending-columns';

export type Selection = ReadonlySet<string>;

/** Column widths (px) of the fixed table layout; the table stretches them to its width. */
const WIDTHS: Record<string, number> = {
  time: 92,
  orderId: 120,
  type: 170,
  instrument: 210,
  productType: 64,
  orderType: 80,
  quantity: 60,
  price: 80,
  lastTradedPrice: 90,
  modifyOrder: 150,
  stopLossTrailing: 160,
  cancel: 60,
};

type Props = {
  orders: readonly Order[];
  label: string;
  emptyText: string;
  selection: Selection;
  onSelectionChange: Dispatch<SetStateAction<Selection>>;
};

const toggle = (selection: Selection, ids: readonly string[], checked: boolean): Selection => {
  const next = new Set(selection);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
};

type GroupRowsProps = {
  group: OrderGroup;
  columns: ColumnConfig[];
  selection: Selection;
  onToggle: ToggleSelection;
};

function GroupRows({ group, columns, selection, onToggle }: GroupRowsProps) {
  const [expanded, setExpanded] = useState(false);
  const row = (order: Order, nested?: boolean) => (
    <PendingOrderRow
      key={order.orderId}
      nested={nested}
      order={order}
      columns={columns}
      selected={selection.has(order.orderId)}
      onToggle={onToggle}
    />
  );
  if (group.orders.length === 1) return row(group.orders[0]!);
  const ids = group.orders.map((o) => o.orderId);
  return (
    <>
      <PendingGroupRow
        group={group}
        columns={columns}
        expanded={expanded}
        onExpand={() => setExpanded((open) => !open)}
        selected={ids.every((id) => selection.has(id))}
        onSelect={(checked) => onToggle(ids, checked)}
      />
      {expanded && group.orders.map((order) => row(order, true))}
    </>
  );
}

/**
 * Pending orders grouped by instrument, category and side (SPEC section 2 order), 200 groups a page, with the
 * visible columns of the column settings and a selection for the multi-order actions. Rows are memoised, so a
 * new order or a refresh re-renders only the rows that changed.
 */
export function PendingOrdersTable({ orders, label, emptyText, selection, onSelectionChange }: Props) {
  const columns = usePendingColumns();
  const groups = useMemo(() => groupOrders(orders), [orders]);
  const [page, setPage] = useState(1);
  const onToggle = useCallback<ToggleSelection>(
    (ids, checked) => onSelectionChange((current) => toggle(current, ids, checked)),
    [onSelectionChange],
  );
  const shown = paginate(groups, page, TABLE_PAGE_SIZE);
  const allIds = orders.filter((o) => !isProvisionalOrder(o)).map((o) => o.orderId);
  const allSelected = allIds.length > 0 && allIds.every((id) => selection.has(id));
  return (
    <TableScroll>
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
          {shown.rows.length === 0 && <EmptyRow colSpan={columns.length + 1}>{emptyText}</EmptyRow>}
          {shown.rows.map((group) => (
            <Fragment key={group.key}>
              <GroupRows group={group} columns={columns} selection={selection} onToggle={onToggle} />
            </Fragment>
          ))}
        </tbody>
      </TableFrame>
      <Pager className="sticky left-0" page={shown.page} pageCount={shown.pageCount} onPage={setPage} />
    </TableScroll>
  );
}
