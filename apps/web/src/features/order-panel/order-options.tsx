import { formatNumber } from '@xtrader/core/format/format';
import { clampMarketProtection } from '@xtrader/core/orders/price-rules';
import type { ProductType } from '@xtrader/core/orders/types';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Checkbox } from '../../ui/checkbox';
import { NumberStepper } from '../../ui/number-stepper';
import { Segmented } from '../../ui/segmented';

const PRODUCTS = [
  { value: 'normal', label: 'NRML' },
  { value: 'intraday', label: 'MIS' },
] as const satisfies readonly { value: ProductType; label: string }[];

const PERCENT_STEP = 1;

/**
 * The order options of the configuration bar: product type (NRML normal / MIS intraday), market protection
 * (MPP) with its percentage (absolute, capped at 10 on blur) and Iceberg Order.
 */
export function OrderOptions() {
  const config = useTradingSettings((s) => s.orderConfig);
  const patch = useTradingSettings((s) => s.patchSettings);
  const protection = config.marketProtection;
  const setPercent = (percentage: number) =>
    patch('orderConfig', {
      marketProtection: { ...protection, percentage: clampMarketProtection(percentage) },
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Segmented
        aria-label="Product type"
        value={config.productType}
        options={PRODUCTS}
        onChange={(productType) => patch('orderConfig', { productType })}
      />
      <div className="flex items-center gap-1.5">
        <Checkbox
          checked={protection.enabled}
          onCheckedChange={(enabled) =>
            patch('orderConfig', { marketProtection: { ...protection, enabled } })
          }
          label="MPP"
        />
        <NumberStepper
          className="w-20"
          label="Market protection %"
          value={protection.percentage}
          format={formatNumber}
          disabled={!protection.enabled}
          onCommit={setPercent}
          onStep={(d) => {
            const next = protection.percentage + (d === 'up' ? PERCENT_STEP : -PERCENT_STEP);
            if (next >= 0) setPercent(next);
          }}
        />
        <span className="text-xs text-muted">%</span>
      </div>
      <Checkbox
        checked={config.icebergOrder}
        onCheckedChange={(icebergOrder) => patch('orderConfig', { icebergOrder })}
        label="Iceberg Order"
      />
    </div>
  );
}
