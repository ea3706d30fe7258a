import { DEFAULT_ALERTS } from '@xtrader/core/alerts/alerts';
import type { Notification } from '@xtrader/core/api/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_EVENT, type AlertEventDetail } from '../../features/alerts/raise-alert';
import { setOrderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { dispatchNotification } from './dispatch-notification';

const feedback = { click: vi.fn(), success: vi.fn(), failure: vi.fn() };
setOrderFeedback(feedback);

const fill: Notification = {
  notificationType: 'order_executed',
  timestamp: '2026-11-20T04:30:05.000Z',
  identifier: 'NIFTY 24 NOV 26000 CE',
  transactionType: 'buy',
  quantity: 65,
  averagePrice: 101.35,
  status: 'COMPLETE',
  statusMessage: null,
};

const setAlerts = (alerts: typeof DEFAULT_ALERTS) =>
  useTradingSettings.getState().patchSettings('userSettingsState', {
    ...useTradingSettings.getState().userSettingsState,
    alerts,
  });

describe('a notification from the socket', () => {
  afterEach(() => {
    vi.clearAllMocks();
    setAlerts(DEFAULT_ALERTS);
  });

  it('raises its alert: a fill plays the success cue while fill sounds are on', () => {
    const raised: AlertEventDetail[] = [];
    const listen = (event: Event) => raised.push((event as CustomEvent<AlertEventDetail>).detail);
    window.addEventListener(ALERT_EVENT, listen);
    dispatchNotification(fill);
    expect(feedback.success).toHaveBeenCalledTimes(1);
    setAlerts({ ...DEFAULT_ALERTS, sound: { ...DEFAULT_ALERTS.sound, fill: false } });
    dispatchNotification(fill);
    expect(feedback.success).toHaveBeenCalledTimes(1);
    window.removeEventListener(ALERT_EVENT, listen);
    expect(raised).toEqual([
      { kind: 'fill', sound: true, notified: false },
      { kind: 'fill', sound: false, notified: false },
    ]);
  });
});
