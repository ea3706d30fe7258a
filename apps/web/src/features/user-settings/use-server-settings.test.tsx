import { waitFor } from '@testing-library/react';
import { DEFAULT_USER_SETTINGS } from '@xtrader/core/api/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { useServerSettings } from './use-server-settings';

function Probe() {
  useServerSettings();
  return null;
}

const user = { id: 'u1', name: 'A', email: 'a@b.c', phone: '9000000000', activeBroker: null, clientId: null };

beforeEach(() => useTradingSettings.getState().resetSettings());
afterEach(() => vi.unstubAllGlobals());

describe('user settings follow the user', () => {
  it('takes the settings the server saved for this user over the ones this browser had', async () => {
    const settings = {
      ...structuredClone(DEFAULT_USER_SETTINGS),
      modifyStep: 0.5,
      useDefaultQuantity: true,
      defaultQuantity: { ...DEFAULT_USER_SETTINGS.defaultQuantity, NIFTY: 130 },
    };
    mockApi({ 'GET /auth/getUserInfo': () => ok({ user, settings }) });
    useTradingSettings.getState().patchSettings('userSettingsState', { modifyStep: 0.1 });
    renderWithQueryClient(<Probe />);
    await waitFor(() => expect(useTradingSettings.getState().userSettingsState).toEqual(settings));
  });

  it("puts the user's default quantity on the cards when the saved settings say to use it", async () => {
    const settings = {
      ...structuredClone(DEFAULT_USER_SETTINGS),
      useDefaultQuantity: true,
      defaultQuantity: { ...DEFAULT_USER_SETTINGS.defaultQuantity, NIFTY: 130 },
    };
    mockApi({ 'GET /auth/getUserInfo': () => ok({ user, settings }) });
    // The lot size was known before the saved settings arrived: the cards hold this browser's quantity.
    useTradingSettings.getState().patchSettings('orderConfig', { index: 'NIFTY', lotSize: 65 });
    useTradingSettings.getState().patchSettings('marketOrderState', { quantity: 10_010 });
    renderWithQueryClient(<Probe />);
    await waitFor(() => expect(useTradingSettings.getState().marketOrderState.quantity).toBe(130));
    expect(useTradingSettings.getState().stopLossOrderState.quantity).toBe(130);
  });
});
