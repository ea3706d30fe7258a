import type { Order } from '@xtrader/core/api/orders';
import { useState } from 'react';
import { PendingOrdersTable, type Selection } from './pending-orders-table';

/** The empty state of a position's expanded row. */
export const NO_PENDING_ORDERS_FOR_INSTRUMENT = 'No Pending Orders for this Instrument.';

/** One instrument's pending orders, shown when its position row is expanded. */
export function InstrumentPendingOrders({
  orders,
  identifier,
}: {
  orders: readonly Order[];
  identifier: string;
}) {
  const [selection, setSelection] = useState<Selection>(new Set());
  return (
    <PendingOrdersTable
      orders={orders}
      label={`Pending orders of ${identifier}`}
      emptyText={NO_PENDING_ORDERS_FOR_INSTRUMENT}
      selection={selection}
      onSelectionChange={setSelection}
      embedded
    />
  );
}
