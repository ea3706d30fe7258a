import { formatNumber } from '@xtrader/core/format/format';
import { getIndex } from '@xtrader/core/market/indices';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useLtp } from '../../live';
import { keyLabel } from '../../state/key-map';
import { strikeChange } from '../../state/order-config-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import { cn } from '../../ui/cn';
import { nearestStrike, steppedStrike, strikeWindow } from './ladder-rules';
import { type LadderInstrumentSource, useLadderContracts } from './use-ladder-contracts';
import { useLadderKeys } from './use-ladder-keys';

const price = (value: number | undefined) => (value === undefined ? '-' : formatNumber(value));

/** Sets both the call and the put strike, as the config bar's strike pickers do (their instruments refetch). */
const chooseStrike = (strike: number) => {
  const { orderConfig, patchSettings } = useTradingSettings.getState();
  if (orderConfig.callStrike === strike && orderConfig.putStrike === strike) return;
  patchSettings('orderConfig', { ...strikeChange('call', strike), ...strikeChange('put', strike) });
};

function LadderRow(props: {
  strike: number;
  call: string | undefined;
  put: string | undefined;
  atm: boolean;
  selected: boolean;
}) {
  const callLtp = useLtp(props.call ?? null);
  const putLtp = useLtp(props.put ?? null);
  return (
    <tr
      data-strike={props.strike}
      data-atm={props.atm || undefined}
      aria-selected={props.selected}
      onClick={() => chooseStrike(props.strike)}
      className={cn(
        'cursor-pointer border-t border-border/50 tabular-nums hover:bg-surface-3',
        props.atm && 'bg-accent/10',
        props.selected && 'outline outline-1 -outline-offset-1 outline-accent',
      )}
    >
      <td className="px-2 py-0.5 text-right text-buy">{price(callLtp)}</td>
      <td className={cn('px-2 py-0.5 text-center font-semibold', props.atm ? 'text-accent' : 'text-fg')}>
        {props.strike}
      </td>
      <td className="px-2 py-0.5 text-left text-sell">{price(putLtp)}</td>
    </tr>
  );
}

/**
 * The strike ladder: CE last price | strike | PE last price for the strikes around the at-the-money one, recentred
 * as the index moves (ATM row tinted), the chosen strike outlined. A click or the step keys (`[` / `]`) choose the
 * call and put strike. Collapsible to its header so a small screen keeps the positions in view.
 */
export function StrikeLadder({ source }: { source: LadderInstrumentSource }) {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const expiry = useTradingSettings((s) => s.orderConfig.expiry);
  const callStrike = useTradingSettings((s) => s.orderConfig.callStrike);
  const putStrike = useTradingSettings((s) => s.orderConfig.putStrike);
  const { collapsed, strikesEachSide } = useTradingSettings((s) => s.strikeLadder);
  const keyMap = useTradingSettings((s) => s.keyMap);
  const patch = useTradingSettings((s) => s.patchSettings);
  const spot = useLtp(getIndex(index).displayName);
  const strikes = source.useStrikes(index, expiry);
  const atm = nearestStrike(strikes, spot);
  const rows = collapsed
    ? []
    : strikeWindow(strikes, atm ?? nearestStrike(strikes, callStrike ?? undefined), strikesEachSide);
  const contracts = useLadderContracts(source, index, expiry, rows);
  useLadderKeys((direction) => {
    const next = steppedStrike(strikes, callStrike ?? atm ?? null, direction);
    if (next !== undefined) chooseStrike(next);
  });
  const toggle = () => patch('strikeLadder', { collapsed: !collapsed });
  return (
    <section
      aria-label="Strike ladder"
      className={cn(
        'flex min-h-0 w-full flex-col self-start rounded-lg border border-border bg-surface text-xs',
        !collapsed && 'h-full',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-2 py-1.5">
        <button
          type="button"
          aria-expanded={!collapsed}
          onClick={toggle}
          className="flex items-center gap-1 text-[11px] font-semibold tracking-wide text-muted uppercase hover:text-fg"
        >
          {collapsed ? (
            <ChevronRight className="size-3.5" aria-hidden />
          ) : (
            <ChevronDown className="size-3.5" aria-hidden />
          )}
          Strikes
        </button>
        <span className="text-[10px] text-subtle tabular-nums">
          {index} {spot === undefined ? '' : formatNumber(spot)}
          <kbd className="ml-1.5 rounded border border-border px-1 font-mono">
            {keyLabel(keyMap.strikeDown)}
          </kbd>
          <kbd className="ml-0.5 rounded border border-border px-1 font-mono">
            {keyLabel(keyMap.strikeUp)}
          </kbd>
        </span>
      </header>
      {!collapsed && (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <table className="w-full">
            <thead className="sticky top-0 bg-surface text-[10px] text-muted">
              <tr>
                <th className="px-2 py-0.5 text-right font-medium">CE</th>
                <th className="px-2 py-0.5 text-center font-medium">Strike</th>
                <th className="px-2 py-0.5 text-left font-medium">PE</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((strike) => (
                <LadderRow
                  key={strike}
                  strike={strike}
                  call={contracts.get(strike)?.call}
                  put={contracts.get(strike)?.put}
                  atm={strike === atm}
                  selected={strike === callStrike || strike === putStrike}
                />
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="px-2 py-2 text-muted">Waiting for strikes…</p>}
        </div>
      )}
    </section>
  );
}
