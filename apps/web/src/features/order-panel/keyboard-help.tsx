import { useEffect, useState } from 'react';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Dialog } from '../../ui/dialog';
import { Segmented } from '../../ui/segmented';
import { Switch } from '../../ui/switch';

// What the keyboard does on the dashboard, as the help overlay lists it.
const TRADING_KEYS = [
  ['↑', 'Buy CE at market'],
  ['↓', 'Buy PE at market'],
  ['←', 'Sell CE at market'],
  ['→', 'Sell PE at market'],
  ['Shift + ↑ ↓ ← →', 'The same from the stop-loss card (stop-loss order)'],
  ['1 / 2 / 3', 'Exit 1/4, 1/2, 3/4 of the selected position (click its row; whole lots)'],
  ['b', "Move the selected position's stop-loss to break-even (its average price)"],
  [', / .', "Nudge the selected position's stop-loss down / up by the modify step"],
] as const;

/** The exit chaser's choices: off, or the re-prices before an exit turns marketable. */
const EXIT_CHASE_CHOICES = [
  { value: 'off', label: 'Off' },
  { value: '1', label: '1' },
  { value: '3', label: '3' },
  { value: '5', label: '5' },
] as const;

/**
 * `?` opens the keyboard help: every trading key, and the one switch that turns them all off (kept in this
 * browser). `?` is ignored while typing or while another dialog is open.
 */
export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  const enabled = useTradingSettings((s) => s.orderConfig.tradingKeysEnabled ?? true);
  const patch = useTradingSettings((s) => s.patchSettings);
  const chase = useTradingSettings((s) => s.orderConfig.exitChaseReprices);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isTyping(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Keyboard shortcuts">
      <div className="space-y-3 px-4 py-3 text-xs">
        <div className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2">
          <span>
            <span className="font-semibold text-fg">Trading keys</span>
            <span className="block text-muted">Off: no key places an order in this browser.</span>
          </span>
          <Switch
            aria-label="Trading keys"
            checked={enabled}
            onCheckedChange={(on) => patch('orderConfig', { tradingKeysEnabled: on })}
          />
        </div>
        <div className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2">
          <span>
            <span className="font-semibold text-fg">Exit chaser</span>
            <span className="block text-muted">
              Exits you fire (1 / 2 / 3, Exit) as a limit at the best bid/ask, re-priced this many times, then
              marketable within market protection.
            </span>
          </span>
          <Segmented
            aria-label="Exit chaser"
            value={chase === null || chase === undefined ? 'off' : String(chase)}
            options={EXIT_CHASE_CHOICES}
            onChange={(choice) =>
              patch('orderConfig', { exitChaseReprices: choice === 'off' ? null : Number(choice) })
            }
          />
        </div>
        <table className={enabled ? 'w-full' : 'w-full opacity-50'}>
          <tbody>
            {TRADING_KEYS.map(([key, action]) => (
              <tr key={key} className="border-t border-border/60">
                <td className="py-1.5 pr-3">
                  <kbd className="rounded border border-border-strong bg-surface-2 px-1.5 py-0.5 font-mono">
                    {key}
                  </kbd>
                </td>
                <td className="py-1.5 text-fg">{action}</td>
              </tr>
            ))}
            <tr className="border-t border-border/60">
              <td className="py-1.5 pr-3">
                <kbd className="rounded border border-border-strong bg-surface-2 px-1.5 py-0.5 font-mono">
                  ?
                </kbd>
              </td>
              <td className="py-1.5 text-fg">This help</td>
            </tr>
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
