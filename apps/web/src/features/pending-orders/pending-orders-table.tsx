import { TABLE_PAGE_SIZE } from '@xtrader/core';
import type { Order } from '@xtrader/core/api/orders';
import { Fragment, useMemo, useState } from 'react';
import { groupOrders, type OrderGroup } from '../../api/trading/order-view';
import { isProvisionalOrder } from '../../api/trading/provisional-orders';
import { Checkbox } from '../../ui/checkbox';
import { Pager, paginate } from '../../ui/pager';
import { EmptyRow, TableFrame, Th } from '../../ui/table';
import { PendingGroupRow } from './pending-group-row';
import { PendingOrderRow } from './pending-order-row';
import { usePendingColumns } from './use-pending-columns';

export type Selection = ReadonlySet<string>;

type Props = {
  orders: readonly Order[];
  label: string;
  emptyText: string;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
};

const toggle = (selection: Selection, ids: string[], checked: boolean): Selection => {
  const next = new Set(selection);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
};

function GroupRows({
  group,
  ...rest
}: { group: OrderGroup } & Pick<Props, 'selection' | 'onSelectionChange'> & {
    columns: ReturnType<typeof usePendingColumns>;
  }) {
  const [expanded, setExpanded] = useState(false);
  const { selection, onSelectionChange, columns } = rest;
  const select = (ids: string[]) => (checked: boolean) => onSelectionChange(toggle(selection, ids, checked));
  if (group.orders.length === 1) {
    const order = group.orders[0]!;
    return (
      <PendingOrderRow
        order={order}
        columns={columns}
        selected={selection.has(order.orderId)}
        onSelect={select([order.orderId])}
      />
    );
  }
  const ids = group.orders.map((o) => o.orderId);
  return (
    <>
      <PendingGroupRow
        group={group}
        columns={columns}
        expanded={expanded}
        onExpand={() => setExpanded((open) => !open)}
        selected={ids.every((id) => selection.has(id))}
        onSelect={select(ids)}
      />
      {expanded &&
        group.orders.map((order) => (
          <PendingOrderRow
            key={order.orderId}
            nested
            order={order}
            columns={columns}
            selected={selection.has(order.orderId)}
            onSelect={select([order.orderId])}
          />
        ))}
    </>
  );
}

/**
 * Pending orders grouped by instrument, category and side (SPEC section 2 order), 200 groups a page, with the
 * visible columns of the column settings and a selection for the multi-order actions.
 */
export function PendingOrdersTable({ orders, label, emptyText, selection, onSelectionChange }: Props) {
  const columns = usePendingColumns();
  const groups = useMemo(() => groupOrders(orders), [orders]);
  const [page, setPage] = useState(1);
  const shown = paginate(groups, page, TABLE_PAGE_SIZE);
  const allIds = orders.filter((o) => !isProvisionalOrder(o)).map((o) => o.orderId);
  const allSelected = allIds.length > 0 && allIds.every((id) => selection.has(id));
  return (
    <div>
      <TableFrame label={label}>
        <thead>
          <tr>
            <Th className="w-8">
              <Checkbox
                aria-label="Select all orders"
                checked={allSelected}
                onCheckedChange={(c) => onSelectionChange(toggle(selection, allIds, c))}
                label={null}
              />
            </Th>
            {columns.map((column) => (
              <Th key={column.key} align={column.style?.align} style={{ minWidth: column.style?.minWidth }}>
                {column.label}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.rows.length === 0 && <EmptyRow colSpan={columns.length + 1}>{emptyText}</EmptyRow>}
          {shown.rows.map((group) => (
            <Fragment key={group.key}>
              <GroupRows
                group={group}
                columns={columns}
                selection={selection}
                onSelectionChange={onSelectionChange}
              />
            </Fragment>
          ))}
        </tbody>
      </TableFrame>
      <Pager page={shown.page} pageCount={shown.pageCount} onPage={setPage} />
    </div>
  );
}
