import { z } from 'zod';
import type { Notification } from '../api/notifications';

/**
 * What the trader can be alerted about: a fill, a stop-loss that triggered and filled, profit protection or the
 * kill switch firing, a discipline rule holding an order, and trouble with the price feed.
 */
export const ALERT_KINDS = ['fill', 'stop', 'protection', 'discipline', 'feed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Readonly<Record<AlertKind, string>> = {
  fill: 'Order fills',
  stop: 'Stop-loss triggered',
  protection: 'Profit protection / kill switch',
  discipline: 'Discipline holds',
  feed: 'Price feed trouble',
};

const perKind = z.object({
  fill: z.boolean(),
  stop: z.boolean(),
  protection: z.boolean(),
  discipline: z.boolean(),
  feed: z.boolean(),
});
export type PerKind = z.infer<typeof perKind>;

/**
 * The alerts block of the user settings. `sound`: which kinds play their cue (only fills did before alerts
 * existed, so only fills start on). `notify`: which kinds reach the trader away from the screen: a browser
 * notification (once `browserNotifications` is on and the browser granted it, and only while the tab is hidden)
 * and a Telegram message (once a chat is linked).
 */
export const alertSettingsSchema = z.object({
  sound: perKind,
  notify: perKind,
  browserNotifications: z.boolean(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** A settings patch may change some switches only. */
export const alertPatchSchema = z.object({
  sound: perKind.partial().optional(),
  notify: perKind.partial().optional(),
  browserNotifications: z.boolean().optional(),
});
export type AlertPatch = z.infer<typeof alertPatchSchema>;

export const DEFAULT_ALERTS: AlertSettings = {
  sound: { fill: true, stop: false, protection: false, discipline: false, feed: false },
  notify: { fill: true, stop: true, protection: true, discipline: true, feed: true },
  browserNotifications: false,
};

export const mergeAlerts = (settings: AlertSettings, patch: AlertPatch | undefined): AlertSettings => {
  // Settings kept by an older version of a client may lack the block: read it switch by switch first.
  const base = readAlerts(settings);
  return {
    sound: { ...base.sound, ...patch?.sound },
    notify: { ...base.notify, ...patch?.notify },
    browserNotifications: patch?.browserNotifications ?? base.browserNotifications,
  };
};

/** Reads a stored alerts block switch by switch: what is missing or malformed keeps its default. */
export function readAlerts(stored: unknown): AlertSettings {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_ALERTS;
  const block = stored as Record<string, unknown>;
  const kinds = (value: unknown, defaults: PerKind): PerKind => {
    const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const read = { ...defaults };
    for (const kind of ALERT_KINDS) if (typeof given[kind] === 'boolean') read[kind] = given[kind];
    return read;
  };
  return {
    sound: kinds(block.sound, DEFAULT_ALERTS.sound),
    notify: kinds(block.notify, DEFAULT_ALERTS.notify),
    browserNotifications:
      typeof block.browserNotifications === 'boolean'
        ? block.browserNotifications
        : DEFAULT_ALERTS.browserNotifications,
  };
}

/**
 * The alert a server notification is, if any. A fill of a stop-loss order is a `stop`; `automation_paused` (the
 * server stopped trusting its prices) is feed trouble; a rejection is not an alert here (the order path answers
 * it on screen).
 */
export function alertKindOf(notification: Notification): AlertKind | undefined {
  switch (notification.notificationType) {
    case 'order_executed':
      return notification.stopLoss ? 'stop' : 'fill';
    case 'protection_lost':
      return 'stop';
    case 'profit_protection_triggered':
      return 'protection';
    case 'automation_paused':
      return 'feed';
    default:
      return undefined;
  }
}

const money = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** One line of plain text for a notification: the Telegram message and the browser notification's body. */
export function alertText(notification: Notification): string {
  const { identifier, transactionType, quantity, averagePrice, status, statusMessage } = notification;
  switch (notification.notificationType) {
    case 'order_executed': {
      const what = notification.stopLoss ? 'Stop-loss filled' : 'Filled';
      const side = transactionType ? `${transactionType.toUpperCase()} ` : '';
      const price = averagePrice !== null ? ` @ ${money(averagePrice)}` : '';
      const note = statusMessage ? ` (${statusMessage})` : '';
      return `${what}: ${side}${quantity ?? ''} ${identifier ?? ''}${price}${note}`
        .replace(/\s+/g, ' ')
        .trim();
    }
    case 'profit_protection_triggered':
      return `Profit protection ${status}: ${statusMessage ?? ''}`.trim();
    default:
      return statusMessage ?? `${notification.notificationType} ${identifier ?? ''}`.trim();
  }
}
