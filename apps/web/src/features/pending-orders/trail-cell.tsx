import type { Order } from '@xtrader/core/api/orders';
import { TRAIL_MINIMUMS } from '@xtrader/core/orders/constants';
import { enforceTrailMinimums, stepTrailValue, trailParamsFor } from '@xtrader/core/orders/input-rules';
import type { TrailingHandler } from '@xtrader/core/orders/types';
import { SlidersHorizontal } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useEditTrailParams, useSetTrailing } from '../../api/order-actions';
import { Button } from '../../ui/button';
import { NumberStepper } from '../../ui/number-stepper';
import { Segmented } from '../../ui/segmented';

const HANDLERS = [
  { value: 'broker', label: 'Broker' },
  { value: 'local', label: 'Local' },
] as const satisfies readonly { value: TrailingHandler; label: string }[];

const handlerOf = (order: Order): TrailingHandler => (order.brokerTrailing ? 'broker' : 'local');
type Params = { priceChange: number; slChange: number };

function initialParams(order: Order): Params {
  const handler = handlerOf(order);
  const defaults = trailParamsFor(handler);
  return enforceTrailMinimums(handler, {
    priceChange: order.changeInPrice ?? defaults.priceChange,
    slChange: order.changeInSL ?? defaults.slChange,
  });
}

type EditorProps = {
  order: Order;
  handler: TrailingHandler;
  params: Params;
  onHandler: (handler: TrailingHandler) => void;
  onParams: (params: Params) => void;
};

/** Handler and parameters; the handler is fixed while trailing and for internal orders. */
function TrailEditor({ order, handler, params, onHandler, onParams }: EditorProps) {
  const editParams = useEditTrailParams();
  const id = order.orderId;
  const set = (field: keyof Params, value: number) =>
    onParams(enforceTrailMinimums(handler, { ...params, [field]: value }));
  const step = (field: keyof Params, direction: 'up' | 'down') =>
    set(field, stepTrailValue(params[field], TRAIL_MINIMUMS[handler][field], direction));
  const changed = params.priceChange !== order.changeInPrice || params.slChange !== order.changeInSL;
  return (
    <div className="flex flex-col gap-2">
      <Segmented
        aria-label={`Trailing handler of ${id}`}
        value={handler}
        options={HANDLERS}
        disabled={order.isTrailing || order.isInternal}
        onChange={onHandler}
      />
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1.5 text-[11px] text-muted">
        <span>Price change</span>
        <NumberStepper
          label={`Trail price change of ${id}`}
          value={params.priceChange}
          onCommit={(v) => set('priceChange', v)}
          onStep={(d) => step('priceChange', d)}
        />
        <span>SL change</span>
        <NumberStepper
          label={`Trail SL change of ${id}`}
          value={params.slChange}
          onCommit={(v) => set('slChange', v)}
          onStep={(d) => step('slChange', d)}
        />
      </div>
      {order.isTrailing && (
        <Button
          size="sm"
          variant="secondary"
          disabled={!changed}
          loading={editParams.isPending}
          onClick={() =>
            editParams.mutate({ orderId: id, changeInPrice: params.priceChange, changeInSL: params.slChange })
          }
        >
          Save
        </Button>
      )}
    </div>
  );
}

/**
 * Stop-loss trailing of one single stop-loss order: a compact summary (handler, price change / SL change) that
 * opens the editor, and Start/Stop. Kept small because it repeats on every pending row.
 */
export function TrailCell({ order }: { order: Order }) {
  const [handler, setHandler] = useState<TrailingHandler>(handlerOf(order));
  const [params, setParams] = useState(() => initialParams(order));
  const setTrailing = useSetTrailing();
  const id = order.orderId;
  const chooseHandler = (next: TrailingHandler) => {
    setHandler(next);
    setParams(trailParamsFor(next));
  };
  return (
    <div className="flex items-center gap-1.5">
      <Popover.Root>
        <Popover.Trigger
          aria-label={`Trailing settings of ${id}`}
          className="inline-flex h-6 items-center gap-1 rounded border border-border px-1.5 text-[11px] text-muted hover:text-fg"
        >
          <SlidersHorizontal className="size-3" aria-hidden />
          {handler === 'broker' ? 'Broker' : 'Local'} {params.priceChange}/{params.slChange}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-50 w-56 rounded-md border border-border bg-surface p-2.5 shadow-xl"
          >
            <TrailEditor
              order={order}
              handler={handler}
              params={params}
              onHandler={chooseHandler}
              onParams={setParams}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <Button
        size="sm"
        variant={order.isTrailing ? 'danger' : 'secondary'}
        className="h-6 w-12 px-1"
        loading={setTrailing.isPending}
        onClick={() =>
          setTrailing.mutate({
            orderId: id,
            state: order.isTrailing ? 'stop' : 'start',
            brokerTrailing: handler === 'broker',
            changeInPrice: params.priceChange,
            changeInSL: params.slChange,
          })
        }
      >
        {order.isTrailing ? 'Stop' : 'Start'}
      </Button>
    </div>
  );
}
