import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PROFIT_PROTECTION_MESSAGES,
  type ProfitProtectionSettings,
  profitProtectionStatusSchema,
} from '@xtrader/core/api/profit-protection';
import { marketProtectionFraction } from '@xtrader/core/orders/price-rules';
import { toast } from 'sonner';
import { api } from '../../../api/client';
import { tradingKeys } from '../../../api/query-keys';
import { toastError } from '../../../api/toast-error';
import { useTradingSettings } from '../../../state/trading-settings-store';

/** Fallback title of a failed profit-protection update. */
const PROFIT_PROTECTION_FAILURE = 'Please try again!';

/**
 * PUT /profit-protection. The square-off uses the exit-all market protection of the user settings, sent as a
 * fraction (0 when disabled). On success the cached record is replaced and the spec's toast shown.
 */
export function useSaveProfitProtection() {
  const queryClient = useQueryClient();
  const protection = useTradingSettings((s) => s.userSettingsState.exitAllMarketProtection);
  return useMutation({
    mutationFn: async (settings: ProfitProtectionSettings) =>
      (
        await api.put(
          '/profit-protection',
          { ...settings, marketProtection: marketProtectionFraction(protection) },
          { data: profitProtectionStatusSchema },
        )
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(tradingKeys.profitProtection, data);
      void queryClient.invalidateQueries({ queryKey: tradingKeys.profitProtection });
      toast.success(PROFIT_PROTECTION_MESSAGES.updated);
    },
    onError: (error) => toastError(error, PROFIT_PROTECTION_FAILURE),
  });
}
