import type { Notification } from '@xtrader/core/api/notifications';
import type { KillRecord } from './record';

const STATUS: Record<KillRecord['status'], string> = {
  squaring_off: 'TRIGGERED',
  completed: 'COMPLETE',
  incomplete: 'INCOMPLETE',
};

/** The `profit_protection_triggered` card: no order fields, the outcome in the status message. */
export const triggeredNotification = (kill: KillRecord): Notification => ({
  notificationType: 'profit_protection_triggered',
  timestamp: new Date(kill.finishedAt ?? kill.triggeredAt).toISOString(),
  identifier: null,
  transactionType: null,
  quantity: null,
  averagePrice: null,
  status: STATUS[kill.status],
  statusMessage: kill.message,
});
