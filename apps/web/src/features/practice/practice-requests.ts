import { useMutation } from '@tanstack/react-query';
import { BROKER_MESSAGES } from '@xtrader/core/api/brokers';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { refreshTradingDataSoon } from '../../api/refresh';
import { toastError } from '../../api/toast-error';
import { FAILURE_TITLES } from '../../lib/order-messages';

/** POST /broker/papertrading/{start|stop}: switches the user's active broker to or from PAPERTRADE. */
const setPracticeMode = (value: 'start' | 'stop') => api.post(`/broker/papertrading/${value}`);

/** PUT /broker/resetFunds/papertrade. */
const resetPracticeFunds = () => api.put('/broker/resetFunds/papertrade');

/** POST /broker/reconnect: re-subscribes the user's order updates at the broker and reconciles. */
const reconnectBroker = () => api.post('/broker/reconnect');

/** The page reload after switching modes; replaced in tests. */
export const practiceReload = { reload: () => window.location.reload() };

/**
 * Start: switch, then reload (prices now come 5 s late). Stop: switch, clear every cached server response (paper
 * positions must not linger) and reload.
 */
export function useSetPracticeMode() {
  return useMutation({
    mutationFn: setPracticeMode,
    onSuccess: (_result, value) => {
      if (value === 'stop') queryClient.clear();
      practiceReload.reload();
    },
    onError: (error) => toastError(error, 'Failed: something went wrong'),
  });
}

export function useResetFunds() {
  return useMutation({
    mutationFn: resetPracticeFunds,
    onSuccess: () => {
      toast.success(BROKER_MESSAGES.fundsReset);
      refreshTradingDataSoon();
    },
    onError: (error) => toastError(error, FAILURE_TITLES.resetFunds),
  });
}

export function useReconnectBroker() {
  return useMutation({
    mutationFn: reconnectBroker,
    onSuccess: () => toast.success(BROKER_MESSAGES.reconnected),
    onError: (error) => toastError(error, FAILURE_TITLES.reconnect),
  });
}
