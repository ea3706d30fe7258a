import { marketPresetChange, stopLossPresetChange } from '../../state/trading-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { PresetOrderCategory } from '../../state/trading-settings-types';
import { Checkbox } from '../../ui/checkbox';
import { NumberStepper } from '../../ui/number-stepper';
import { Segmented } from '../../ui/segmented';
import { PanelField } from './field';
import type { OrderCard } from './order-intent';
import { usePresetPointsField } from './use-order-fields';

const CATEGORIES = [
  { value: 'bracket', label: 'Bracket' },
  { value: 'cover', label: 'Cover' },
] as const satisfies readonly { value: PresetOrderCategory; label: string }[];

/**
 * 'Preset Target & SL': turns the card's orders into bracket (target + stop-loss) or cover (stop-loss only)
 * orders. The target and SL inputs appear only while the preset is on.
 */
export function PresetFields({ card }: { card: OrderCard }) {
  const slice = card === 'market' ? 'marketOrderState' : 'stopLossOrderState';
  const preset = useTradingSettings((s) => s[slice].presetTargetAndSl);
  const category = useTradingSettings((s) => s[slice].orderCategory) ?? 'bracket';
  const patch = useTradingSettings((s) => s.patchSettings);
  const target = usePresetPointsField(card, 'target');
  const stopLoss = usePresetPointsField(card, 'stopLoss');
  const toggle = (enabled: boolean) => {
    const rule = card === 'market' ? marketPresetChange : stopLossPresetChange;
    useTradingSettings.setState((s) => rule(s, enabled));
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Checkbox className="h-7" checked={preset} onCheckedChange={toggle} label="Preset Target & SL" />
      {preset && (
        <>
          <Segmented
            aria-label="Preset order category"
            value={category}
            options={CATEGORIES}
            onChange={(orderCategory) => patch(slice, { orderCategory })}
          />
          {category === 'bracket' && (
            <PanelField label="Target" className="w-24">
              <NumberStepper
                label={`${card === 'market' ? 'Market' : 'Stop-loss'} target points`}
                {...target}
              />
            </PanelField>
          )}
          <PanelField label="Stop Loss" className="w-24">
            <NumberStepper
              label={`${card === 'market' ? 'Market' : 'Stop-loss'} stop-loss points`}
              {...stopLoss}
            />
          </PanelField>
        </>
      )}
    </div>
  );
}
