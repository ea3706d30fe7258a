import { ChevronRight, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCancelMultipleOrders, useModifyMultipleOrders } from '../../api/order-actions';
import { isProvisionalOrder } from '../../api/provisional-orders';
import { type OrderGroup, orderIdGroups } from '../../lib/order-view';
import type { ColumnConfig } from '../../state/trading-settings-types';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { Td, Tr } from '../../ui/table';
import { LtpCell, orderTypeName, priceText, TypeCell, timeText } from './order-cells';
import { PriceModifier } from './price-modifier';

/** The text a grouped row shows in the trailing column. */
const EXPAND_TO_TRAIL = 'Expand to trail orders';

type Props = {
  group: OrderGroup;
  columns: ColumnConfig[];
  expanded: boolean;
  onExpand: () => void;
  selected: boolean;
  onSelect: (checked: boolean) => void;
};

const same = <T,>(values: T[]): T | undefined =>
  values.every((v) => v === values[0]) ? values[0] : undefined;

function useGroupCells(
  group: OrderGroup,
  expanded: boolean,
  onExpand: () => void,
): Record<string, ReactNode> {
  const modify = useModifyMultipleOrders();
  const cancel = useCancelMultipleOrders();
  const first = group.orders[0]!;
  const price = same(group.orders.map((o) => o.price)) ?? null;
  const ids = orderIdGroups(group.orders);
  return {
    time: timeText(first.time),
    orderId: (
      <button
        type="button"
        onClick={onExpand}
        aria-expanded={expanded}
        className="inline-flex items-center gap-1 text-accent hover:underline"
      >
        <ChevronRight className={cn('size-3.5 transition-transform', expanded && 'rotate-90')} aria-hidden />
        {group.orders.length} orders
        {group.orders.some(isProvisionalOrder) && (
          <span className="text-[11px] text-warn italic">(placing...)</span>
        )}
      </button>
    ),
    type: (
      <TypeCell
        label={group.label}
        side={group.transactionType}
        internal={group.orders.every((o) => o.isInternal)}
      />
    ),
    instrument: <span className="font-medium">{first.identifier}</span>,
    productType: same(group.orders.map((o) => o.product)) ?? '-',
    orderType: same(group.orders.map((o) => orderTypeName(o.orderType))) ?? '-',
    quantity: (
      <span className="font-mono">
        {group.orders.reduce((sum, o) => sum + o.quantity - o.filledQuantity, 0)}
      </span>
    ),
    price: <span className="font-mono">{priceText(price)}</span>,
    lastTradedPrice: <LtpCell symbol={group.tradingSymbol} fallback={first.lastTradedPrice} />,
    modifyOrder:
      price === null ? (
        '-'
      ) : (
        <PriceModifier
          label={`Price of ${group.label} group`}
          price={price}
          onSubmit={(triggerPrice) => modify.mutate({ ...ids, triggerPrice })}
        />
      ),
    stopLossTrailing: (
      <button type="button" onClick={onExpand} className="text-[11px] text-muted italic hover:text-fg">
        {EXPAND_TO_TRAIL}
      </button>
    ),
    cancel: (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Cancel ${group.orders.length} ${group.label} orders`}
        loading={cancel.isPending}
        onClick={() => cancel.mutate({ orderIds: ids.orderIds, internalOrderIds: ids.internalOrderIds })}
        className="text-sell hover:text-sell"
      >
        {!cancel.isPending && <X className="size-3.5" aria-hidden />}
      </Button>
    ),
  };
}

/** Several pending orders of one instrument, category and side, acted on together; expands to its orders. */
export function PendingGroupRow({ group, columns, expanded, onExpand, selected, onSelect }: Props) {
  const cells = useGroupCells(group, expanded, onExpand);
  return (
    <Tr
      data-group={group.key}
      data-provisional={group.orders.some(isProvisionalOrder) || undefined}
      className="bg-surface-2/30 font-medium"
    >
      <Td className="w-8">
        <Checkbox
          aria-label={`Select ${group.label} group`}
          checked={selected}
          onCheckedChange={onSelect}
          label={null}
        />
      </Td>
      {columns.map((column) => (
        <Td key={column.key} align={column.style?.align}>
          {cells[column.key]}
        </Td>
      ))}
    </Tr>
  );
}
