import { describe, expect, it } from 'vitest';
import type { Notification } from '../api/notifications';
import { alertKindOf, alertText, DEFAULT_ALERTS, mergeAlerts, readAlerts } from './alerts';

const fill: Notification = {
  notificationType: 'order_executed',
  timestamp: '2026-01-05T04:00:00.000Z',
  identifier: 'NIFTY 24000 CE',
  transactionType: 'buy',
  quantity: 75,
  averagePrice: 101.5,
  status: 'COMPLETE',
  statusMessage: null,
};

describe('alerts', () => {
  it('classifies notifications: fills, stop fills, protection, feed trouble; rejections are not alerts', () => {
    expect(alertKindOf(fill)).toBe('fill');
    expect(alertKindOf({ ...fill, stopLoss: true })).toBe('stop');
    expect(alertKindOf({ ...fill, notificationType: 'profit_protection_triggered' })).toBe('protection');
    expect(alertKindOf({ ...fill, notificationType: 'automation_paused' })).toBe('feed');
    expect(alertKindOf({ ...fill, notificationType: 'order_failed' })).toBeUndefined();
  });

  it('writes one line per alert', () => {
    expect(alertText(fill)).toBe('Filled: BUY 75 NIFTY 24000 CE @ 101.5');
    expect(alertText({ ...fill, stopLoss: true, transactionType: 'sell' })).toBe(
      'Stop-loss filled: SELL 75 NIFTY 24000 CE @ 101.5',
    );
  });

  it('reads stored switches one by one and merges patches', () => {
    expect(readAlerts(null)).toEqual(DEFAULT_ALERTS);
    const read = readAlerts({ sound: { stop: true, fill: 'x' }, browserNotifications: true });
    expect(read.sound).toEqual({ ...DEFAULT_ALERTS.sound, stop: true });
    expect(read.browserNotifications).toBe(true);
    expect(mergeAlerts(read, { notify: { feed: false } }).notify.feed).toBe(false);
    expect(DEFAULT_ALERTS.sound.fill).toBe(true);
    expect(DEFAULT_ALERTS.sound.protection).toBe(false);
  });
});
