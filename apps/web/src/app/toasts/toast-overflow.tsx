import { toast, useSonner } from 'sonner';
import { OVERFLOW_THRESHOLD, VISIBLE_TOASTS } from './toast-settings';

/** '+ N more' and 'Close All' above the toast stack once more than three toasts are open at once. */
export function ToastOverflow() {
  const { toasts } = useSonner();
  const open = toasts.length;
  if (open <= OVERFLOW_THRESHOLD) return null;
  return (
    <div
      role="status"
      data-toast-overflow
      className="fixed bottom-28 left-6 z-[1000000000] flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted shadow-lg"
    >
      <span>+ {open - VISIBLE_TOASTS} more</span>
      <button
        type="button"
        onClick={() => toast.dismiss()}
        className="rounded-full bg-surface-3 px-2 py-0.5 font-medium text-fg hover:bg-border-strong"
      >
        Close All
      </button>
    </div>
  );
}
