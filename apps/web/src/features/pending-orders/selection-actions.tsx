import type { Order } from '@xtrader/core/api/orders';
import { ORDER_MESSAGES } from '@xtrader/core/orders/constants';
import { isValidOrderPrice, roundToTick } from '@xtrader/core/orders/price-rules';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCancelMultipleOrders, useModifyMultipleOrders } from '../../api/order-actions';
import { orderIdGroups } from '../../lib/order-view';
import { Button } from '../../ui/button';
import { NumberStepper } from '../../ui/number-stepper';

/** Modify or cancel every selected order at once (modifyMultipleOrders / cancelMultipleOrders). */
export function SelectionActions({ selected, onDone }: { selected: readonly Order[]; onDone: () => void }) {
  const [price, setPrice] = useState(0);
  const modify = useModifyMultipleOrders();
  const cancel = useCancelMultipleOrders();
  const count = selected.length;
  const ids = orderIdGroups(selected);
  const cancelSelected = () => {
    // Nothing to send without ids (cancel-multiple is skipped when both lists are empty).
    if (ids.orderIds.length + ids.internalOrderIds.length === 0) return;
    cancel.mutate({ orderIds: ids.orderIds, internalOrderIds: ids.internalOrderIds }, { onSuccess: onDone });
  };
  const modifySelected = () => {
    if (!isValidOrderPrice(price)) {
      toast.error(ORDER_MESSAGES.invalidPrice);
      return;
    }
    modify.mutate({ ...ids, triggerPrice: price }, { onSuccess: onDone });
  };
  return (
    <div className="flex items-center gap-2">
      <span className="text-xs text-muted">{count} selected</span>
      <NumberStepper
        className="w-28"
        label="Price for selected orders"
        value={price}
        format={(v) => v.toFixed(2)}
        disabled={count === 0}
        onCommit={(v) => setPrice(Number.isFinite(v) ? roundToTick(v) : 0)}
        onStep={(d) => setPrice((p) => Math.max(0, roundToTick(p + (d === 'up' ? 0.05 : -0.05))))}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={count === 0}
        loading={modify.isPending}
        onClick={modifySelected}
      >
        Modify Selected
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={count === 0}
        loading={cancel.isPending}
        onClick={cancelSelected}
        className="text-sell"
      >
        Cancel Selected
      </Button>
    </div>
  );
}
