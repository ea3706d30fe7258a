import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brokerCallbackResponseSchema } from '@xtrader/core/api/brokers';
import { api } from '../../../api/client';
import { ORDER_ACTION_KEYS, tradingKeys } from '../../../api/query-keys';

/** POST to the broker's callback (never retried: login grants are single-use). */
const completeBrokerLogin = ({ path, body }: { path: string; body: Record<string, string> }) =>
  api.post(path, body, { data: brokerCallbackResponseSchema });

/** The callback mutation; success refreshes the broker info (user, status, and what the broker now shows). */
export function useCompleteBrokerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeBrokerLogin,
    retry: false,
    onSuccess: async () => {
      await Promise.all(
        [tradingKeys.userInfo, tradingKeys.brokerStatus, ...ORDER_ACTION_KEYS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
