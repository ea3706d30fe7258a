// When a key press belongs to the page's trading keys and when to a field or dialog (shared by every key hook).

/** Inputs that take no text: arrows on them have nothing to edit, so they trade like anywhere else. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'reset', 'submit']);

/**
 * True while the user types in a text field: arrows then move the caret or step a value, they never trade. A
 * closed native select is not one: after a pick with the mouse it keeps focus, and its arrow keys would silently
 * change the index, expiry or strike instead of trading (its open list takes the keys before the page sees them).
 */
export function isTyping(target: EventTarget | null): boolean {
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
export function isDialogOpen(doc: Document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}
