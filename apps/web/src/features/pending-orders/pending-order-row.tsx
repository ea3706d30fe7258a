import type { Order } from '@xtrader/core/api/orders';
import { X } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useCancelOrder, useModifyOrder } from '../../api/order-actions';
import { isProvisionalOrder } from '../../api/provisional-orders';
import { canTrail, orderLabel } from '../../lib/order-view';
import type { ColumnConfig } from '../../state/trading-settings-types';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { Td, Tr } from '../../ui/table';
import { LtpCell, orderTypeName, priceText, TypeCell, timeText } from './order-cells';
import { PriceModifier } from './price-modifier';
import { TrailCell } from './trail-cell';

/** Adds ids to or removes them from the selection (stable across renders). */
export type ToggleSelection = (ids: readonly string[], checked: boolean) => void;

type Props = {
  order: Order;
  columns: ColumnConfig[];
  selected: boolean;
  onToggle: ToggleSelection;
  /** A row inside an expanded group is indented. */
  nested?: boolean;
};

function useCells(order: Order): Record<string, ReactNode> {
  const modify = useModifyOrder();
  const cancel = useCancelOrder();
  return {
    time: timeText(order.time),
    orderId: <span className="font-mono text-muted">{order.orderId}</span>,
    type: <TypeCell label={orderLabel(order)} side={order.transactionType} internal={order.isInternal} />,
    instrument: <span className="font-medium">{order.identifier}</span>,
    productType: order.product,
    orderType: orderTypeName(order.orderType),
    quantity: <span className="font-mono">{order.quantity - order.filledQuantity}</span>,
    price: <span className="font-mono">{priceText(order.price)}</span>,
    lastTradedPrice: <LtpCell symbol={order.tradingSymbol} fallback={order.lastTradedPrice} />,
    modifyOrder:
      order.price === null ? (
        '-'
      ) : (
        <PriceModifier
          label={`Price of ${order.orderId}`}
          price={order.price}
          onSubmit={(triggerPrice) => modify.mutate({ orderId: order.orderId, triggerPrice })}
        />
      ),
    stopLossTrailing: canTrail(order) ? <TrailCell order={order} /> : <span className="text-subtle">-</span>,
    cancel: (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Cancel ${order.orderId}`}
        loading={cancel.isPending}
        onClick={() => cancel.mutate({ orderId: order.orderId, orderType: order.orderType })}
        className="text-sell hover:text-sell"
      >
        {!cancel.isPending && <X className="size-3.5" aria-hidden />}
      </Button>
    ),
  };
}

/** A row sent but not yet confirmed: shown at once, acted on once the server has it. */
function provisionalCells(cells: Record<string, ReactNode>): Record<string, ReactNode> {
  const placing = <span className="text-[11px] text-warn italic">Placing...</span>;
  return { ...cells, orderId: placing, modifyOrder: '-', stopLossTrailing: '-', cancel: '-' };
}

/** One pending order with its modify, trailing and cancel controls; memoised on its props. */
export const PendingOrderRow = memo(function PendingOrderRow({
  order,
  columns,
  selected,
  onToggle,
  nested,
}: Props) {
  const live = useCells(order);
  const provisional = isProvisionalOrder(order);
  const cells = provisional ? provisionalCells(live) : live;
  return (
    <Tr data-order-id={order.orderId} className={cn(nested && 'bg-surface-2/40')}>
      <Td className="w-8">
        <Checkbox
          aria-label={`Select ${order.orderId}`}
          checked={selected}
          onCheckedChange={(checked) => onToggle([order.orderId], checked)}
          label={null}
        />
      </Td>
      {columns.map((column, i) => (
        <Td key={column.key} align={column.style?.align} className={cn(nested && i === 0 && 'pl-6')}>
          {cells[column.key]}
        </Td>
      ))}
    </Tr>
  );
});
