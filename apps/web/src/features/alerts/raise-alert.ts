import {
  ALERT_KIND_LABELS,
  type AlertKind,
  type AlertSettings,
  alertKindOf,
  alertText,
  readAlerts,
} from '@xtrader/core/alerts/alerts';
import type { Notification } from '@xtrader/core/api/notifications';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { playAlertTone } from './alert-tones';

/** Fired on window for every alert raised (what played, whether a browser notification was shown). */
export const ALERT_EVENT = 'xt:alert';
export type AlertEventDetail = { kind: AlertKind; sound: boolean; notified: boolean };

export interface AlertEnvironment {
  settings(): AlertSettings;
  /** The kind's cue (fills: the order success cue). Returns whether it played. */
  play(kind: AlertKind): boolean;
  hidden(): boolean;
  /** Shows a browser notification if the browser allows it; returns whether one was shown. */
  notify(title: string, body: string, kind: AlertKind): boolean;
  announce(detail: AlertEventDetail): void;
}

/**
 * One alert: its cue when the kind's sound is on, and a browser notification when the trader turned them on, the
 * kind's "notify" is on and the tab is hidden (on screen, the toast already says it).
 */
export function raiseAlertIn(env: AlertEnvironment, kind: AlertKind, body: string): AlertEventDetail {
  const settings = env.settings();
  const sound = settings.sound[kind] ? env.play(kind) : false;
  const notified =
    settings.browserNotifications && settings.notify[kind] && env.hidden()
      ? env.notify(`X-Trader: ${ALERT_KIND_LABELS[kind]}`, body, kind)
      : false;
  const detail = { kind, sound, notified };
  env.announce(detail);
  return detail;
}

const browserNotify = (title: string, body: string, kind: AlertKind): boolean => {
  if (typeof Notification !== 'function' || Notification.permission !== 'granted') return false;
  try {
    // One notification per kind on screen at a time: a burst of fills replaces, not stacks.
    new Notification(title, { body, tag: `xt-${kind}` });
    return true;
  } catch {
    return false;
  }
};

const browserEnvironment: AlertEnvironment = {
  // Read switch by switch: settings kept by an older version of the app may lack the block.
  settings: () => readAlerts(useTradingSettings.getState().userSettingsState.alerts),
  play: (kind) => {
    if (kind !== 'fill') return playAlertTone(kind);
    orderFeedback.success();
    return true;
  },
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  notify: browserNotify,
  announce: (detail) => {
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(ALERT_EVENT, { detail }));
  },
};

/** Raises an alert in this browser. */
export const raiseAlert = (kind: AlertKind, body: string): AlertEventDetail =>
  raiseAlertIn(browserEnvironment, kind, body);

/** The alert a server notification is (fills, stops, protection, paused automation), if any. */
export function alertForNotification(notification: Notification): AlertEventDetail | undefined {
  const kind = alertKindOf(notification);
  return kind ? raiseAlert(kind, alertText(notification)) : undefined;
}
