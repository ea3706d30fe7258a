import { useEffect, useState } from 'react';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { KEY_ACTION_LABELS, KEY_ACTIONS, type KeyMap, keyLabel } from '../../state/key-map';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Dialog } from '../../ui/dialog';
import { Segmented } from '../../ui/segmented';
import { Switch } from '../../ui/switch';

/** What the keyboard does on the dashboard under the current key map, as the help overlay lists it. */
const tradingKeys = (map: KeyMap): [string, string][] => [
  ...KEY_ACTIONS.map((action): [string, string] => [keyLabel(map[action]), KEY_ACTION_LABELS[action]]),
  ['Shift + order key', 'The same order from the stop-loss card (stop-loss order)'],
];

// Keys that change what is shown, or act on a focused control: they work with the trading keys off.
const VIEW_KEYS = [
  ['C', 'Chart: show CE, PE, then the index'],
  ['↑ ↓', "On a focused chart line: move that order's price one modify step (or drag the line)"],
] as const;

/** The exit chaser's choices: off, or the re-prices before an exit turns marketable. */
const EXIT_CHASE_CHOICES = [
  { value: 'off', label: 'Off' },
  { value: '1', label: '1' },
  { value: '3', label: '3' },
  { value: '5', label: '5' },
] as const;

function KeyRow({ keys, action, dimmed }: { keys: string; action: string; dimmed?: boolean }) {
  return (
    <tr className={dimmed ? 'border-t border-border/60 opacity-50' : 'border-t border-border/60'}>
      <td className="py-1.5 pr-3">
        <kbd className="whitespace-nowrap rounded border border-border-strong bg-surface-2 px-1.5 py-0.5 font-mono">
          {keys}
        </kbd>
      </td>
      <td className="py-1.5 text-fg">{action}</td>
    </tr>
  );
}

/**
 * `?` opens the keyboard help: every trading key as currently mapped (User Settings -> Keys remaps them), and the
 * one switch that turns them all off (kept in this
 * browser). `?` is ignored while typing or while another dialog is open.
 */
export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  const enabled = useTradingSettings((s) => s.orderConfig.tradingKeysEnabled ?? true);
  const patch = useTradingSettings((s) => s.patchSettings);
  const keyMap = useTradingSettings((s) => s.keyMap);
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
        <table className="w-full">
          <tbody>
            {tradingKeys(keyMap).map(([key, action]) => (
              <KeyRow key={action} keys={key} action={action} dimmed={!enabled} />
            ))}
            {VIEW_KEYS.map(([key, action]) => (
              <KeyRow key={key} keys={key} action={action} />
            ))}
            <KeyRow keys="?" action="This help" />
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
