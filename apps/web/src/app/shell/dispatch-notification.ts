import type { Notification } from '@xtrader/core/api/notifications';
import { queryClient } from '../../api/query-client';
import { alertForNotification } from '../../features/alerts/raise-alert';
import { handleOrderNotification } from '../../features/notifications/handle-order-notification';
import { handleProfitProtectionNotification } from '../../features/profit-protection/triggered-notice';

/** Routes one socket notification to the feature that owns it. */
export function dispatchNotification(notification: Notification): void {
  // Its alert first (fills, stops, protection firing, paused automation): cue and browser notification.
  alertForNotification(notification);
  if (handleOrderNotification(notification)) return;
  handleProfitProtectionNotification(notification, queryClient);
}
