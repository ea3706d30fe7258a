import type { Order } from '@xtrader/core/api/orders';
import { useMemo, useState } from 'react';
import { useCancelAllOrders } from '../../api/order-actions';
import { Button } from '../../ui/button';
import { ColumnSettings } from './column-settings';
import { PendingOrdersTable, type Selection } from './pending-orders-table';
import { SelectionActions } from './selection-actions';

/** The openOrders tab: multi-select actions, Cancel All, column settings and the pending-orders table. */
export function PendingOrdersPanel({ orders }: { orders: readonly Order[] }) {
  const [selection, setSelection] = useState<Selection>(new Set());
  const cancelAll = useCancelAllOrders();
  // Orders that left the list (filled, cancelled) drop out of the selection.
  const selected = useMemo(() => orders.filter((o) => selection.has(o.orderId)), [orders, selection]);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 border-b border-border px-2 py-1.5 short:py-1">
        <SelectionActions selected={selected} onDone={() => setSelection(new Set())} />
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            variant="danger"
            disabled={orders.length === 0}
            loading={cancelAll.isPending}
            onClick={() => cancelAll.mutate(undefined)}
          >
            Cancel All
          </Button>
          <ColumnSettings />
        </div>
      </div>
      <PendingOrdersTable
        orders={orders}
        label="Pending orders"
        emptyText="No pending orders"
        selection={selection}
        onSelectionChange={setSelection}
      />
    </div>
  );
}
