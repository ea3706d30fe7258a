import type { Position } from '@xtrader/core/api/portfolio';
import { roundToTick, stepPrice } from '@xtrader/core/orders/price-rules';
import { memo, useState } from 'react';
import { toast } from 'sonner';
import { placeOrder } from '../../api/order-requests';
import { useOrderAction } from '../../api/use-order-action';
import { FAILURE_TITLES } from '../../lib/order-messages';
import { readLivePrice } from '../../live/live-prices';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Button } from '../../ui/button';
import { NumberStepper } from '../../ui/number-stepper';
import { type QuickOrderKind, quickOrderBody } from './quick-orders';

const LABELS: Record<QuickOrderKind, { field: string; button: string }> = {
  stopLoss: { field: 'Stop-loss price', button: 'SL' },
  target: { field: 'Target price', button: 'TGT' },
};

type Props = { position: Position; kind: QuickOrderKind };

/**
 * Inline 'place stop-loss' / 'place target' of a position: a price and a button. The field starts empty and the
 * first -/+ starts from the live price, so the cell does not re-render on every tick.
 */
function QuickOrderCellView({ position, kind }: Props) {
  const modifyStep = useTradingSettings((s) => s.userSettingsState.modifyStep);
  const [price, setPrice] = useState<number | null>(null);
  const place = useOrderAction({
    run: (body: Parameters<typeof placeOrder>[0]) => placeOrder(body),
    failureTitle: FAILURE_TITLES.placeOrder,
  });
  /** `entered`: the price typed just now (Enter commits and submits in one go, before the state updates). */
  const submit = (entered: number | null = price) => {
    const built = quickOrderBody(position, kind, entered ?? 0);
    if (!built.ok) {
      toast.error(built.message);
      orderFeedback.failure();
      return;
    }
    place.mutate(built.body, { onSuccess: () => setPrice(null) });
  };
  const start = () => price ?? roundToTick(readLivePrice(position.tradingSymbol) ?? position.lastTradedPrice);
  return (
    <div className="flex items-center gap-1">
      <NumberStepper
        className="w-28"
        label={`${LABELS[kind].field} of ${position.tradingSymbol}`}
        value={price}
        placeholder="Price"
        format={(v) => v.toFixed(2)}
        onCommit={(v) => setPrice(Number.isFinite(v) ? roundToTick(v) : null)}
        onStep={(d) => setPrice(stepPrice(start(), modifyStep, d))}
        onSubmit={(v) => submit(Number.isFinite(v) ? roundToTick(v) : null)}
      />
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Place ${kind === 'stopLoss' ? 'stop-loss' : 'target'} for ${position.tradingSymbol}`}
        loading={place.isPending}
        onClick={() => submit()}
      >
        {LABELS[kind].button}
      </Button>
    </div>
  );
}

/** Re-renders only when what the order would be changes (not on price ticks). */
export const QuickOrderCell = memo(
  QuickOrderCellView,
  (a, b) =>
    a.kind === b.kind &&
    a.position.tradingSymbol === b.position.tradingSymbol &&
    a.position.quantity === b.position.quantity &&
    a.position.internalToken === b.position.internalToken &&
    a.position.productType === b.position.productType,
);
