import { useEffect, useRef } from 'react';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { actionForKey } from '../../state/key-map';
import { useTradingSettings } from '../../state/trading-settings-store';

/**
 * The ladder's step keys (`[` down, `]` up unless remapped): move the chosen strikes one listed strike. Off with the
 * trading-keys switch, while typing, with a dialog open, and for held keys or Ctrl/Alt/Meta combinations.
 */
export function useLadderKeys(step: (direction: 'up' | 'down') => void): void {
  const handler = useRef(step);
  handler.current = step;
  const enabled = useTradingSettings((s) => s.orderConfig.tradingKeysEnabled ?? true);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      const action = actionForKey(useTradingSettings.getState().keyMap, event);
      if (action !== 'strikeUp' && action !== 'strikeDown') return;
      if (isTyping(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      handler.current(action === 'strikeUp' ? 'up' : 'down');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
