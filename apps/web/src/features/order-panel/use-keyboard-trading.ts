import { useEffect, useRef } from 'react';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { useTradingSettings } from '../../state/trading-settings-store';
import { intentForKey, type OrderIntent } from './order-intent';

/**
 * Epoch ms of an input event on the wall clock the request time is read from (`Date.now()`): now less the event's
 * age on the monotonic clock (timeOrigin + timeStamp drifts from Date.now() over a long session). An age that
 * cannot be right (an environment whose timeStamp is not monotonic) counts as 0.
 */
export function pressTimeOf(event: Event): number {
  const age = performance.now() - event.timeStamp;
  return Date.now() - (age >= 0 && age < 60_000 ? Math.round(age) : 0);
}

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
      // The event's own time (when the key went down), not when this handler got to run.
      handler.current({ ...intent, pressedAt: pressTimeOf(event) });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
