import { useEffect } from 'react';
import { useUserInfo } from '../../api/trading/account-queries';
import { useTradingSettings } from '../../state/trading-settings-store';

/**
 * The user settings live on the server (GET /auth/getUserInfo returns them): once they arrive they replace what
 * this browser kept, so a new browser or another user's old browser shows the logged-in user's own settings.
 * The other trading settings (order cards, tables) stay per browser.
 */
export function useServerSettings(): void {
  const settings = useUserInfo().data?.settings;
  useEffect(() => {
    if (settings) useTradingSettings.getState().patchSettings('userSettingsState', settings);
  }, [settings]);
}
