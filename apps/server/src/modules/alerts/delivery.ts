import { type AlertSettings, alertKindOf, alertText } from '@xtrader/core/alerts/alerts';
import type { Notification } from '@xtrader/core/api/notifications';
import type { Logger } from '../../logger';
import type { LinkStore } from './link-store';

/**
 * Sends the user's alerts to their linked chat: a notification card the user's settings want (`notify` of its
 * kind) becomes one Telegram line. Runs off the order path (a bus subscriber queueing into the outbox).
 */
export function createDelivery(deps: {
  links: Pick<LinkStore, 'linkOf'>;
  alertsOf(userId: string): Promise<AlertSettings>;
  send(chatId: string, text: string): void;
  logger: Logger;
}) {
  return async (userId: string, notification: Notification): Promise<void> => {
    const kind = alertKindOf(notification);
    if (!kind) return;
    try {
      const link = await deps.links.linkOf(userId);
      if (!link) return;
      if (!(await deps.alertsOf(userId)).notify[kind]) return;
      deps.send(link.chatId, alertText(notification));
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'telegram alert not sent');
    }
  };
}
