import type { Instrument } from '@xtrader/core/api/instruments';
import { FOLLOW_UP_MULTIPLIER_OPTIONS } from '@xtrader/core/orders/quantity-rules';
import type { ComponentType } from 'react';
import { followUpEnabledChange } from '../../state/trading-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { FollowUpInstrument, FollowUpKey, FollowUpTrade } from '../../state/trading-settings-types';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { Select } from '../../ui/select';
import { toFollowUpInstrument } from './latest-option';
import { useDefaultFollowUpInstruments } from './use-default-follow-up-instruments';

/** What the dashboard plugs in to choose a row's instrument (the instrument search of the market feature). */
export type InstrumentPickerProps = {
  label: string;
  value: FollowUpInstrument | null;
  disabled: boolean;
  onSelect: (instrument: Instrument) => void;
};

const ROWS: readonly { key: FollowUpKey; label: string }[] = [
  { key: 'buyCall', label: 'Buy Call' },
  { key: 'sellCall', label: 'Sell Call' },
  { key: 'buyPut', label: 'Buy Put' },
  { key: 'sellPut', label: 'Sell Put' },
];

/** Shown when no picker is plugged in: the instrument's name only. */
function InstrumentName({ value }: InstrumentPickerProps) {
  return <span className="truncate text-xs text-fg">{value?.identifier ?? '-'}</span>;
}

function useTradePatch() {
  return (key: FollowUpKey, patch: Partial<FollowUpTrade>) =>
    useTradingSettings.setState((s) => {
      const trades = {
        ...s.followUpTradesState.trades,
        [key]: { ...s.followUpTradesState.trades[key], ...patch },
      };
      return { followUpTradesState: { ...s.followUpTradesState, trades } };
    });
}

/**
 * Follow-Up Trades: for each kind of market order (buy/sell call/put) another trade placed with it, or after
 * its fill with 'Wait for Fill Confirmation'. Every control but the master switch is disabled while follow-up
 * is off; switching it on turns the market preset off.
 */
export function FollowUpTable({
  InstrumentPicker = InstrumentName,
}: {
  InstrumentPicker?: ComponentType<InstrumentPickerProps>;
}) {
  useDefaultFollowUpInstruments();
  const state = useTradingSettings((s) => s.followUpTradesState);
  const patch = useTradingSettings((s) => s.patchSettings);
  const patchTrade = useTradePatch();
  const off = !state.followUpEnabled;
  return (
    <div className="rounded-md border border-border">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-surface-2/50 px-2 py-1">
        <Checkbox
          checked={state.followUpEnabled}
          onCheckedChange={(enabled) => useTradingSettings.setState((s) => followUpEnabledChange(s, enabled))}
          label={<span className="font-semibold">Follow-Up Trades</span>}
        />
        <Checkbox
          checked={state.waitForFillConfirmation}
          disabled={off}
          onCheckedChange={(waitForFillConfirmation) =>
            patch('followUpTradesState', { waitForFillConfirmation })
          }
          label="Wait for Fill Confirmation"
        />
      </div>
      {/* Short screens: a switched-off table collapses to its title line (compact order cards). */}
      <table className={cn('w-full table-fixed text-xs', off && 'opacity-60 short:hidden')}>
        <thead className="text-[10px] tracking-wide text-muted uppercase">
          <tr>
            <th className="w-24 px-2 py-1 text-left font-medium">On</th>
            <th className="px-2 py-1 text-left font-medium">Instrument</th>
            <th className="w-20 px-2 py-1 text-left font-medium">Action</th>
            <th className="w-20 px-2 py-1 text-left font-medium">Multiplier</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(({ key, label }) => {
            const trade = state.trades[key];
            return (
              <tr key={key} data-follow-up={key} className="border-t border-border/60">
                <td className="px-2 py-0.5">
                  <Checkbox
                    checked={trade.isEnabled}
                    disabled={off}
                    onCheckedChange={(isEnabled) => patchTrade(key, { isEnabled })}
                    label={label}
                  />
                </td>
                <td className="min-w-0 px-2 py-0.5">
                  <InstrumentPicker
                    label={`${label} follow-up instrument`}
                    value={trade.instrument}
                    disabled={off}
                    onSelect={(instrument) => {
                      const chosen = toFollowUpInstrument(instrument);
                      if (chosen) patchTrade(key, { instrument: chosen });
                    }}
                  />
                </td>
                <td className="px-2 py-0.5">
                  <Select
                    aria-label={`${label} follow-up action`}
                    value={trade.action}
                    disabled={off}
                    onChange={(event) =>
                      patchTrade(key, { action: event.target.value as FollowUpTrade['action'] })
                    }
                    className="w-full"
                    compact
                  >
                    <option value="buy">Buy</option>
                    <option value="sell">Sell</option>
                  </Select>
                </td>
                <td className="px-2 py-0.5">
                  <Select
                    aria-label={`${label} follow-up multiplier`}
                    value={trade.multiplier}
                    disabled={off}
                    onChange={(event) => patchTrade(key, { multiplier: Number(event.target.value) })}
                    className="w-full"
                    compact
                  >
                    {FOLLOW_UP_MULTIPLIER_OPTIONS.map((option) => (
                      <option key={option} value={option}>
                        {option.toFixed(1)}
                      </option>
                    ))}
                  </Select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
