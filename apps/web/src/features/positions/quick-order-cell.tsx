import { roundToTick, stepPrice } from '@xtrader/core';
import type { Position } from '@xtrader/core/api/portfolio';
import { useState } from 'react';
import { toast } from 'sonner';
import { FAILURE_TITLES } from '../../api/trading/messages';
import { orderFeedback } from '../../api/trading/order-feedback';
import { placeOrder } from '../../api/trading/order-requests';
import { useOrderAction } from '../../api/trading/use-order-action';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Button } from '../../ui/button';
import { NumberStepper } from '../../ui/number-stepper';
import { type QuickOrderKind, quickOrderBody } from './quick-orders';

const LABELS: Record<QuickOrderKind, { field: string; button: string }> = {
  stopLoss: { field: 'Stop-loss price', button: 'SL' },
  target: { field: 'Target price', button: 'TGT' },
};

/** Inline 'place stop-loss' / 'place target' of a position: a price and a button. */
export function QuickOrderCell({
  position,
  kind,
  ltp,
}: {
  position: Position;
  kind: QuickOrderKind;
  ltp: number;
}) {
  const modifyStep = useTradingSettings((s) => s.userSettingsState.modifyStep);
  const [price, setPrice] = useState<number | null>(null);
  const place = useOrderAction({
    run: (body: Parameters<typeof placeOrder>[0]) => placeOrder(body),
    failureTitle: FAILURE_TITLES.placeOrder,
  });
  const shown = price ?? roundToTick(ltp);
  const submit = () => {
    const built = quickOrderBody(position, kind, shown);
    if (!built.ok) {
      toast.error(built.message);
      orderFeedback.failure();
      return;
    }
    place.mutate(built.body, { onSuccess: () => setPrice(null) });
  };
  const label = `${LABELS[kind].field} of ${position.tradingSymbol}`;
  return (
    <div className="flex items-center gap-1">
      <NumberStepper
        className="w-28"
        label={label}
        value={shown}
        format={(v) => v.toFixed(2)}
        onCommit={(v) => setPrice(Number.isFinite(v) ? roundToTick(v) : 0)}
        onStep={(d) => setPrice(stepPrice(shown, modifyStep, d))}
      />
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Place ${kind === 'stopLoss' ? 'stop-loss' : 'target'} for ${position.tradingSymbol}`}
        loading={place.isPending}
        onClick={submit}
      >
        {LABELS[kind].button}
      </Button>
    </div>
  );
}
