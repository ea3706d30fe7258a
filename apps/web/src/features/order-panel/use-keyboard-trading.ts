import { useEffect, useRef } from 'react';
import { intentForKey, type OrderIntent } from './order-intent';

/** Inputs that take no text: arrows on them have nothing to edit, so they trade like anywhere else. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'reset', 'submit']);

/**
 * True while the user types in a text field: arrows then move the caret or step a value, they never trade. A
 * closed native select is not one: after a pick with the mouse it keeps focus, and its arrow keys would silently
 * change the index, expiry or strike instead of trading (its open list takes the keys before the page sees them).
 */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLSelectElement) return false;
  return (
    target instanceof HTMLTextAreaElement ||
    target.isContentEditable ||
    target.getAttribute('role') === 'combobox'
  );
}

/** An open modal (any Radix dialog, alert dialog or menu) or an open list owns the keyboard. */
function isDialogOpen(doc: Document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}

/**
 * Keyboard trading: up buys CE, down buys PE, left sells CE, right sells PE; with Shift the
 * stop-loss card's order. Never while typing in a text field or with a dialog or menu open (the event is then left
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
      const intent = intentForKey(event.key, event.shiftKey);
      if (!intent || isTyping(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      handler.current(intent);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
