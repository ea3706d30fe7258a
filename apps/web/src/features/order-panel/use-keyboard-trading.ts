import { useEffect, useRef } from 'react';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { useTradingSettings } from '../../state/trading-settings-store';
import { intentForKey, type OrderIntent } from './order-intent';

/**
 * Keyboard trading under the trader's key map (by default up buys CE, down buys PE, left sells CE, right sells PE);
 * with Shift the stop-loss card's order. Never while typing in a text field or with a dialog or menu open (the event is then left
 * alone); otherwise the key is taken, so a focused select or button does not also act on it; held keys (auto-repeat) and
 * Ctrl/Alt/Meta combinations are ignored so a stuck key cannot fire a burst of orders.
 */
export function useKeyboardTrading(onIntent: (intent: OrderIntent) => void, enabled = true): void {
  const handler = useRef(onIntent);
  handler.current = onIntent;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      const intent = intentForKey(useTradingSettings.getState().keyMap, event);
      if (!intent || isTyping(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      handler.current(intent);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
