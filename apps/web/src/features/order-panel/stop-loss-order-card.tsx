import { NumberStepper } from '../../ui/number-stepper';
import { AutoTrailFields } from './auto-trail-fields';
import { CardFrame } from './card-frame';
import { ContractQuotes } from './contract-quotes';
import { PanelField } from './field';
import { MultiplierSelect } from './multiplier-select';
import { OrderButtons } from './order-buttons';
import type { OrderIntent } from './order-intent';
import { PresetFields } from './preset-fields';
import { RiskSizingField } from './risk-sizing-field';
import { useQuantityField, useSlPointsField } from './use-order-fields';
import { useTriggerDifferenceField } from './use-trigger-difference';

const STOP_LOSS_ORDER_TITLE = 'STOP LOSS ORDER (SHIFT + ARROWS)';

/**
 * The stop-loss order card: quantity, multiplier, SL points, trigger/limit gap, risk-first sizing, auto trail,
 * preset, buttons.
 */
export function StopLossOrderCard({ onIntent }: { onIntent: (intent: OrderIntent) => void }) {
  const quantity = useQuantityField('stopLoss');
  const slPoints = useSlPointsField();
  const difference = useTriggerDifferenceField();
  return (
    <CardFrame title={STOP_LOSS_ORDER_TITLE}>
      {/* Rows on tall screens; on short ones they flow side by side, two lines instead of four. */}
      <div className="flex flex-col gap-2 short:flex-row short:flex-wrap short:items-end short:gap-x-4 short:gap-y-1.5">
        <div className="flex flex-wrap items-end gap-2">
          <PanelField label="Qty" htmlFor="sl-qty" className="w-28">
            <NumberStepper id="sl-qty" label="Stop-loss quantity" inputMode="numeric" {...quantity} />
          </PanelField>
          <PanelField label="Multiplier" htmlFor="sl-multiplier" className="w-16">
            <MultiplierSelect card="stopLoss" id="sl-multiplier" />
          </PanelField>
          <PanelField label="SL Points" htmlFor="sl-points" className="w-24">
            <NumberStepper id="sl-points" label="SL points" {...slPoints} />
          </PanelField>
          <PanelField label="Trigger/Limit Diff" htmlFor="sl-difference" className="w-28">
            <NumberStepper id="sl-difference" label="Trigger/limit difference" {...difference} />
          </PanelField>
        </div>
        <RiskSizingField />
        <AutoTrailFields />
        <PresetFields card="stopLoss" />
      </div>
      {/* Short screens: the quotes sit beside the buttons rather than above them. */}
      <div className="mt-auto flex flex-col gap-1.5 short:grid short:grid-cols-2">
        <ContractQuotes />
        <OrderButtons card="stopLoss" onIntent={onIntent} />
      </div>
    </CardFrame>
  );
}
