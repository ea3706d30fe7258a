import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastError } from '../../api/toast-error';
import { FAILURE_TITLES, SUCCESS_MESSAGES } from '../../api/trading/messages';
import { saveUserSettings } from '../../api/trading/user-settings-requests';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { UserSettingsState } from '../../state/trading-settings-types';

/** Apply: saves the whole draft to the server, then keeps it locally ('User settings updated!'). */
export function useApplySettings(onApplied: () => void) {
  return useMutation({
    mutationFn: (draft: UserSettingsState) => saveUserSettings(draft),
    onSuccess: (_result, draft) => {
      useTradingSettings.getState().patchSettings('userSettingsState', draft);
      toast.success(SUCCESS_MESSAGES.settings);
      onApplied();
    },
    onError: (error) => toastError(error, FAILURE_TITLES.settings),
  });
}
