import {
  enforceTrailMinimums,
  stepTrailValue,
  TRAIL_MINIMUMS,
  type TrailingHandler,
  trailParamsFor,
} from '@xtrader/core';
import type { Order } from '@xtrader/core/api/orders';
import { useState } from 'react';
import { useEditTrailParams, useSetTrailing } from '../../api/trading/order-action-hooks';
import { Button } from '../../ui/button';
import { NumberStepper } from '../../ui/number-stepper';
import { Segmented } from '../../ui/segmented';

const HANDLERS = [
  { value: 'broker', label: 'Broker' },
  { value: 'local', label: 'Local' },
] as const satisfies readonly { value: TrailingHandler; label: string }[];

const handlerOf = (order: Order): TrailingHandler => (order.brokerTrailing ? 'broker' : 'local');

function initialParams(order: Order) {
  const handler = handlerOf(order);
  const defaults = trailParamsFor(handler);
  return enforceTrailMinimums(handler, {
    priceChange: order.changeInPrice ?? defaults.priceChange,
    slChange: order.changeInSL ?? defaults.slChange,
  });
}

/**
 * Stop-loss trailing of one single stop-loss order: handler, price change, SL change, Start/Stop. The handler
 * cannot change while trailing or for an internal order (SPEC section 4); while trailing, changed parameters
 * are sent with Save.
 */
export function TrailCell({ order }: { order: Order }) {
  const [handler, setHandler] = useState<TrailingHandler>(handlerOf(order));
  const [params, setParams] = useState(() => initialParams(order));
  const setTrailing = useSetTrailing();
  const editParams = useEditTrailParams();
  const trailing = order.isTrailing;
  const save = (field: 'priceChange' | 'slChange', value: number) =>
    setParams((p) => enforceTrailMinimums(handler, { ...p, [field]: value }));
  const step = (field: 'priceChange' | 'slChange', direction: 'up' | 'down') =>
    save(field, stepTrailValue(params[field], TRAIL_MINIMUMS[handler][field], direction));
  const changed = params.priceChange !== order.changeInPrice || params.slChange !== order.changeInSL;
  const id = order.orderId;
  return (
    <div className="flex items-center gap-1.5">
      <Segmented
        aria-label={`Trailing handler of ${id}`}
        value={handler}
        options={HANDLERS}
        disabled={trailing || order.isInternal}
        onChange={(next) => {
          setHandler(next);
          setParams(trailParamsFor(next));
        }}
      />
      <NumberStepper
        className="w-20"
        label={`Trail price change of ${id}`}
        value={params.priceChange}
        onCommit={(v) => save('priceChange', v)}
        onStep={(d) => step('priceChange', d)}
      />
      <NumberStepper
        className="w-20"
        label={`Trail SL change of ${id}`}
        value={params.slChange}
        onCommit={(v) => save('slChange', v)}
        onStep={(d) => step('slChange', d)}
      />
      {trailing && changed && (
        <Button
          size="sm"
          variant="secondary"
          loading={editParams.isPending}
          onClick={() =>
            editParams.mutate({ orderId: id, changeInPrice: params.priceChange, changeInSL: params.slChange })
          }
        >
          Save
        </Button>
      )}
      <Button
        size="sm"
        variant={trailing ? 'danger' : 'secondary'}
        className="w-14"
        loading={setTrailing.isPending}
        onClick={() =>
          setTrailing.mutate({
            orderId: id,
            state: trailing ? 'stop' : 'start',
            brokerTrailing: handler === 'broker',
            changeInPrice: params.priceChange,
            changeInSL: params.slChange,
          })
        }
      >
        {trailing ? 'Stop' : 'Start'}
      </Button>
    </div>
  );
}
