import { DEFAULT_ALERTS } from '@xtrader/core/alerts/alerts';
import { describe, expect, it, vi } from 'vitest';
import { type AlertEnvironment, raiseAlertIn } from './raise-alert';

const environment = (overrides: Partial<AlertEnvironment> = {}) => ({
  settings: () => DEFAULT_ALERTS,
  play: vi.fn(() => true),
  hidden: () => true,
  notify: vi.fn(() => true),
  announce: vi.fn(),
  ...overrides,
});

describe('raising an alert', () => {
  it('plays only the kinds whose sound is on (fills by default) and notifies only once enabled', () => {
    const env = environment();
    expect(raiseAlertIn(env, 'fill', 'Filled')).toEqual({ kind: 'fill', sound: true, notified: false });
    expect(raiseAlertIn(env, 'protection', 'fired')).toEqual({
      kind: 'protection',
      sound: false,
      notified: false,
    });
    expect(env.play).toHaveBeenCalledTimes(1);
    expect(env.notify).not.toHaveBeenCalled();
    expect(env.announce).toHaveBeenCalledTimes(2);
  });

  it('shows a browser notification only while the tab is hidden and the kind is on', () => {
    const settings = () => ({ ...DEFAULT_ALERTS, browserNotifications: true });
    const hiddenEnv = environment({ settings });
    expect(raiseAlertIn(hiddenEnv, 'stop', 'SL filled').notified).toBe(true);
    expect(hiddenEnv.notify).toHaveBeenCalledWith('X-Trader: Stop-loss triggered', 'SL filled', 'stop');
    const visibleEnv = environment({ settings, hidden: () => false });
    expect(raiseAlertIn(visibleEnv, 'stop', 'SL filled').notified).toBe(false);
    const offEnv = environment({
      settings: () => ({ ...settings(), notify: { ...DEFAULT_ALERTS.notify, stop: false } }),
    });
    expect(raiseAlertIn(offEnv, 'stop', 'SL filled').notified).toBe(false);
  });
});
