import { useEffect } from 'react';
import { useUserInfo } from '../../api/account-queries';
import { lotSizeChange } from '../../state/trading-rules';
import { useTradingSettings } from '../../state/trading-settings-store';

/**
 * The user settings live on the server (GET /auth/getUserInfo returns them): once they arrive they replace what
 * this browser kept, so a new browser or another user's old browser shows the logged-in user's own settings.
 * The other trading settings (order cards, tables) stay per browser. When the saved settings say to use the default
 * quantity and the lot size is already known, the cards take it now rather than at the next lot-size change.
 */
export function useServerSettings(): void {
  const settings = useUserInfo().data?.settings;
  useEffect(() => {
    if (!settings) return;
    const store = useTradingSettings.getState();
    store.patchSettings('userSettingsState', settings);
    const { lotSize } = store.orderConfig;
    if (settings.useDefaultQuantity && lotSize !== null)
      useTradingSettings.setState((s) => lotSizeChange(s, lotSize));
  }, [settings]);
}
