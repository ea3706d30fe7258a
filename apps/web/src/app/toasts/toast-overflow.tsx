import { toast, useSonner } from 'sonner';
import { OVERFLOW_THRESHOLD, TOAST_WIDTH_PX, VISIBLE_TOASTS } from './toast-settings';

/** Right edge of the pill: half the centred stack's width and a small gap left of the window's middle. */
const PILL_RIGHT = `calc(50% + ${TOAST_WIDTH_PX / 2 + 10}px)`;

/**
 * '+ N more' and 'Close All' left of the toast stack (top-centre, TOAST_WIDTH_PX wide) once more than three toasts
 * are open at once: over the header's index quotes, never over the order tables.
 */
export function ToastOverflow() {
  const { toasts } = useSonner();
  const open = toasts.length;
  if (open <= OVERFLOW_THRESHOLD) return null;
  return (
    <div
      role="status"
      data-toast-overflow
      style={{ right: PILL_RIGHT }}
      className="fixed top-2 z-[1000000000] flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted shadow-lg"
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
