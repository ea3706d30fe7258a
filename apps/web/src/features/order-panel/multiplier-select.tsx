import { QUANTITY_MULTIPLIER_OPTIONS } from '@xtrader/core/orders/quantity-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Select } from '../../ui/select';
import type { OrderCard } from './order-intent';

/** Quantity multiplier 1x to 20x of a card. */
export function MultiplierSelect({ card, id }: { card: OrderCard; id: string }) {
  const slice = card === 'market' ? 'marketOrderState' : 'stopLossOrderState';
  const value = useTradingSettings((s) => s[slice].multiplier);
  const patch = useTradingSettings((s) => s.patchSettings);
  return (
    <Select
      id={id}
      value={value}
      onChange={(event) => patch(slice, { multiplier: Number(event.target.value) })}
    >
      {QUANTITY_MULTIPLIER_OPTIONS.map((option) => (
        <option key={option} value={option}>
          {option}x
        </option>
      ))}
    </Select>
  );
}
