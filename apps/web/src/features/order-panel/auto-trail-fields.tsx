import type { TrailingHandler } from '@xtrader/core/orders/types';
import { trailingHandlerChange } from '../../state/trading-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { NumberStepper } from '../../ui/number-stepper';
import { Segmented } from '../../ui/segmented';
import { Tooltip } from '../../ui/tooltip';
import { PanelField } from './field';
import { useDisasterField, useTrailField } from './use-order-fields';

const HANDLERS = [
  { value: 'broker', label: 'Broker' },
  { value: 'local', label: 'Local' },
] as const satisfies readonly { value: TrailingHandler; label: string }[];

/** What each trailing handler does, shown on the handler toggle (docs/orders.md, "Trailing"). */
const TRAILING_HANDLER_TOOLTIP =
  'Broker: the stop-loss rests at the broker and trails there. Brokers without their own trailing (Zerodha, IIFL) ' +
  "have it trailed by X-Trader modifying the order, up to the broker's modification limit (Zerodha: 25 per " +
  'order); trailing then stops and you are told. Local: X-Trader keeps the stop-loss itself (the broker does not ' +
  'see it), trails it in steps as small as 1 and sends a market order when the price reaches it. With a preset ' +
  "target & SL, the bracket's stop-loss leg trails.";

const DISASTER_TOOLTIP =
  'Hybrid stop (Local only): a wider stop-loss also rests at the broker this many points beyond the local trigger, ' +
  'in case X-Trader cannot act. When the local stop fires, the broker stop is cancelled first; when the broker ' +
  'stop fires, the local one ends. Empty: off.';

/** Auto SL trail: on/off, who trails (broker or local), price change and SL change; disabled while off. */
export function AutoTrailFields() {
  const trail = useTradingSettings((s) => s.stopLossOrderState.autoSLTrail);
  const patch = useTradingSettings((s) => s.patchSettings);
  const priceChange = useTrailField('priceChange');
  const slChange = useTrailField('slChange');
  const disaster = useDisasterField();
  const off = !trail.enabled;
  // On a short screen the disabled steppers give way while the trail is off (one line less for the tables).
  const whileOff = off ? 'short:hidden' : undefined;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Checkbox
        className="h-7"
        checked={trail.enabled}
        onCheckedChange={(enabled) => patch('stopLossOrderState', { autoSLTrail: { ...trail, enabled } })}
        label="Auto SL Trail"
      />
      <Tooltip content={TRAILING_HANDLER_TOOLTIP}>
        <span>
          <Segmented
            aria-label="Trailing handler"
            value={trail.trailingHandler}
            options={HANDLERS}
            disabled={off}
            onChange={(handler) => useTradingSettings.setState((s) => trailingHandlerChange(s, handler))}
          />
        </span>
      </Tooltip>
      <PanelField label="Price Chg" className={cn('w-24', whileOff)}>
        <NumberStepper label="Trail price change" disabled={off} {...priceChange} />
      </PanelField>
      <PanelField label="SL Chg" className={cn('w-24', whileOff)}>
        <NumberStepper label="Trail SL change" disabled={off} {...slChange} />
      </PanelField>
      <Tooltip content={DISASTER_TOOLTIP}>
        <span className={whileOff}>
          <PanelField label="Disaster" className="w-24">
            <NumberStepper
              label="Disaster stop points"
              placeholder="Off"
              disabled={off || trail.trailingHandler !== 'local'}
              {...disaster}
            />
          </PanelField>
        </span>
      </Tooltip>
    </div>
  );
}
