import { DEFAULT_USER_SETTINGS } from '@xtrader/core/api/settings';
import { describe, expect, it } from 'vitest';
import { changedSettings } from './settings-draft';

describe('settings Apply patch', () => {
  it('sends only the discipline rules that changed', () => {
    const before = DEFAULT_USER_SETTINGS;
    const after = {
      ...before,
      discipline: { ...before.discipline, maxTradesPerDay: 5, noMarketOrders: true },
    };
    expect(changedSettings(before, after)).toEqual({
      discipline: { maxTradesPerDay: 5, noMarketOrders: true },
    });
    expect(changedSettings(before, before)).toEqual({});
  });
});
