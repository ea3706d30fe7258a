import type { Notification } from '@xtrader/core/api/notifications';
import { toast } from 'sonner';
import { refreshTradingData } from '../../api/refresh';
import { useOrderActivity } from '../../state/order-activity';
import { orderFeedback } from '../../state/order-feedback';
import { NotificationCard } from './notification-card';

/** Order cards stay up a little longer than plain toasts: a trader reads the fill price. */
const CARD_DURATION_MS = 5000;

/**
 * order_executed clears the pending state (its cue is the fill alert's); order_failed plays the failure cue; both
 * show a card and refresh positions, orders and funds at once (sooner than the 5 s poll). Returns whether it
 * handled the notification, so the shell can chain handlers.
 */
export function handleOrderNotification(notification: Notification): boolean {
  const type = notification.notificationType;
  if (type === 'trailing_stopped') {
    // The server stopped trailing an order (e.g. the broker's modification limit): the trader must know.
    toast.warning(
      notification.statusMessage ?? `Trailing stopped for ${notification.identifier ?? 'an order'}`,
    );
    refreshTradingData();
    return true;
  }
  if (type === 'automation_paused') {
    // Trailing, a held stop or profit protection waits instead of acting on stale or borrowed prices.
    toast.warning(notification.statusMessage ?? 'Paused: prices are stale', {
      duration: Number.POSITIVE_INFINITY,
      closeButton: true,
    });
    return true;
  }
  if (type === 'orders_repair') {
    // Follow-on orders waiting for the server's repair, then placed: news about protection, not an execution, so
    // no fill cue and the pending-order state stays as it is. The waiting notice stays until the trader closes it.
    const message = notification.statusMessage ?? `Orders for ${notification.identifier ?? 'an order'}`;
    if (notification.status === 'RETRYING') {
      toast.warning(message, { duration: Number.POSITIVE_INFINITY, closeButton: true });
    } else {
      toast.success(message);
    }
    refreshTradingData();
    return true;
  }
  if (type === 'protection_lost') {
    // A stop or target the broker ended by itself: loud, and it stays until the trader dismisses it.
    orderFeedback.failure();
    toast.error(
      notification.statusMessage ?? `The broker ended a protective order on ${notification.identifier}`,
      {
        duration: Number.POSITIVE_INFINITY,
        closeButton: true,
      },
    );
    refreshTradingData();
    return true;
  }
  if (type !== 'order_executed' && type !== 'order_failed') return false;
  useOrderActivity.getState().executionNotified();
  // A fill's cue is its alert's (app/shell/dispatch-notification): the success cue, or the stop tone of a
  // stop-loss, as the trader switched them on.
  if (type === 'order_failed') orderFeedback.failure();
  toast.custom(() => <NotificationCard notification={notification} />, { duration: CARD_DURATION_MS });
  refreshTradingData();
  return true;
}
