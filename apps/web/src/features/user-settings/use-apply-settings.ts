import { useMutation } from '@tanstack/react-query';
import type { UserSettingsPatch } from '@xtrader/core/api/settings';
import { mergeUserSettings, SETTINGS_UPDATED_MESSAGE } from '@xtrader/core/api/settings';
import { toast } from 'sonner';
import { userInfoQuery } from '../../api/account-queries';
import { queryClient } from '../../api/query-client';
import { tradingKeys } from '../../api/query-keys';
import { toastError } from '../../api/toast-error';
import { saveUserSettings } from '../../api/user-settings-requests';
import { FAILURE_TITLES } from '../../lib/order-messages';
import { useTradingSettings } from '../../state/trading-settings-store';

/** Apply: saves the changed settings to the server, then keeps them locally ('User settings updated!'). */
export function useApplySettings(onApplied: () => void) {
  return useMutation({
    mutationFn: (patch: UserSettingsPatch) => saveUserSettings(patch),
    onSuccess: (_result, patch) => {
      const settings = mergeUserSettings(useTradingSettings.getState().userSettingsState, patch);
      useTradingSettings.getState().patchSettings('userSettingsState', settings);
      // The cached user info carries the saved settings too: keep it from handing back the old ones.
      queryClient.setQueryData(userInfoQuery.queryKey, (info) => (info ? { ...info, settings } : info));
      // The bar's discipline state follows the rules just saved (it polls only while one is set).
      if (patch.discipline) void queryClient.invalidateQueries({ queryKey: tradingKeys.discipline });
      toast.success(SETTINGS_UPDATED_MESSAGE);
      onApplied();
    },
    onError: (error) => toastError(error, FAILURE_TITLES.settings),
  });
}
