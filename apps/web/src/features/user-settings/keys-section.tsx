import { useState } from 'react';
import { toast } from 'sonner';
import {
  bindKey,
  DEFAULT_KEY_MAP,
  KEY_ACTION_LABELS,
  KEY_ACTIONS,
  type KeyAction,
  keyLabel,
} from '../../state/key-map';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';

/** Keys pressed alone that only modify another key: never a binding, and waiting continues. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/**
 * User Settings -> Keys: every trading key. Click a row (or focus it and press Enter), then press the new key; a key
 * another action holds or a reserved one (?, Esc, Tab, Enter, Space) is refused with a toast. Kept in this browser
 * at once, like the trading-keys switch: the keyboard belongs to the workstation.
 */
export function KeysSection() {
  const keyMap = useTradingSettings((s) => s.keyMap);
  const patch = useTradingSettings((s) => s.patchSettings);
  const [waiting, setWaiting] = useState<KeyAction | null>(null);
  const capture = (action: KeyAction, event: React.KeyboardEvent) => {
    if (waiting !== action || MODIFIERS.has(event.key)) return;
    // Escape is left to the dialog (it closes it); every other key is taken here and not acted on by the page.
    if (event.key === 'Escape') return setWaiting(null);
    event.preventDefault();
    event.stopPropagation();
    const bound = bindKey(keyMap, action, event.key);
    if (!bound.ok) {
      toast.error(bound.message);
      return;
    }
    patch('keyMap', bound.map);
    setWaiting(null);
  };
  return (
    <div className="text-xs">
      <p className="pb-1 text-muted">
        Click a key, then press the new one. Shift + an order key trades from the stop-loss card. Saved in
        this browser at once.
      </p>
      <ul className="divide-y divide-border/60">
        {KEY_ACTIONS.map((action) => (
          <li key={action} className="flex items-center justify-between gap-3 py-1">
            <span className="text-fg">{KEY_ACTION_LABELS[action]}</span>
            <button
              type="button"
              aria-label={`Key for ${KEY_ACTION_LABELS[action]}`}
              onClick={() => setWaiting(waiting === action ? null : action)}
              onKeyDown={(event) => capture(action, event)}
              onBlur={() => setWaiting((current) => (current === action ? null : current))}
              className={cn(
                'min-w-24 rounded border px-2 py-0.5 font-mono text-xs',
                waiting === action
                  ? 'border-accent bg-accent/15 text-fg'
                  : 'border-border-strong bg-surface-2 text-fg hover:bg-surface-3',
              )}
            >
              {waiting === action ? 'Press a key…' : keyLabel(keyMap[action])}
            </button>
          </li>
        ))}
      </ul>
      <div className="flex justify-end pt-1.5">
        <Button variant="secondary" size="sm" onClick={() => patch('keyMap', { ...DEFAULT_KEY_MAP })}>
          Reset keys to defaults
        </Button>
      </div>
    </div>
  );
}
