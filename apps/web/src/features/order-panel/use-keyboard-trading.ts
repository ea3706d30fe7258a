import { useEffect, useRef } from 'react';
import { intentForKey, type OrderIntent } from './order-intent';

const TYPING_TARGETS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** True while the user types somewhere: arrows then move the caret or step a value, they never trade. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    TYPING_TARGETS.has(target.tagName) ||
    target.isContentEditable ||
    target.getAttribute('role') === 'combobox'
  );
}

/** An open modal (any Radix dialog, alert dialog or menu) owns the keyboard. */
function isDialogOpen(doc: Document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * Keyboard trading (SPEC section 9): up buys CE, down buys PE, left sells CE, right sells PE; with Shift the
 * stop-loss card's order. Never while typing in an input or with a dialog open; held keys (auto-repeat) and
 * Ctrl/Alt/Meta combinations are ignored so a stuck key cannot fire a burst of orders.
 */
export function useKeyboardTrading(onIntent: (intent: OrderIntent) => void, enabled = true): void {
  const handler = useRef(onIntent);
  handler.current = onIntent;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      const intent = intentForKey(event.key, event.shiftKey);
      if (!intent || isTyping(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      handler.current(intent);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
