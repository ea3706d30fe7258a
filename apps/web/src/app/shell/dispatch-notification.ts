import type { Notification } from '@xtrader/core/api/notifications';
import { queryClient } from '../../api/query-client';
import { handleOrderNotification } from '../../features/notifications/handle-order-notification';
import { handleProfitProtectionNotification } from '../../features/profit-protection/triggered-notice';

/** Routes one socket notification to the feature that owns it. */
export function dispatchNotification(notification: Notification): void {
  if (handleOrderNotification(notification)) return;
  handleProfitProtectionNotification(notification, queryClient);
}
