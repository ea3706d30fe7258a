import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@xtrader/core/api/notifications';
import { toast } from 'sonner';
import { ORDER_ACTION_KEYS, tradingKeys } from '../../api/query-keys';

const FALLBACK_TEXT =
  'Profit protection triggered: open orders cancelled and intraday positions squared off.';

/**
 * `profit_protection_triggered` shows an info message and refreshes the
 * profit-protection data (and the positions, orders and funds the square-off changed). Returns whether it handled
 * the notification, so a dispatcher can chain handlers.
 */
export function handleProfitProtectionNotification(
  notification: Notification,
  queryClient: QueryClient,
): boolean {
  if (notification.notificationType !== 'profit_protection_triggered') return false;
  toast.info(notification.statusMessage ?? FALLBACK_TEXT);
  for (const queryKey of [tradingKeys.profitProtection, ...ORDER_ACTION_KEYS]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  return true;
}
