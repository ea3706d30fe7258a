import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type ReplaySpeed,
  replayDaysSchema,
  replayStateSchema,
  type StartReplay,
} from '@xtrader/core/api/replay';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { tradingKeys } from '../../api/query-keys';
import { toastError } from '../../api/toast-error';
import { practiceReload } from './practice-requests';

/** GET /practice/replay/days: the days this user may replay (samples, recordings the sharing rule allows). */
export const useReplayDays = (enabled: boolean) =>
  useQuery({
    queryKey: tradingKeys.replayDays,
    queryFn: async ({ signal }) =>
      (await api.get('/practice/replay/days', { data: replayDaysSchema, signal })).data.days,
    enabled,
  });

/** GET /practice/replay: the running replay, or null. */
export const useReplayState = (enabled: boolean) =>
  useQuery({
    queryKey: tradingKeys.replay,
    queryFn: async ({ signal }) =>
      (await api.get('/practice/replay', { data: replayStateSchema, signal })).data.replay,
    enabled,
    refetchInterval: enabled ? 2000 : false,
  });

/**
 * Start and stop swap the user's prices and paper account: every cached server response is cleared and the page
 * reloads, as when Practice Mode is switched (positions of the other account must not linger).
 */
const swapAndReload = () => {
  queryClient.clear();
  practiceReload.reload();
};

export function useStartReplay() {
  return useMutation({
    mutationFn: (body: StartReplay) => api.post('/practice/replay', body),
    onSuccess: swapAndReload,
    onError: (error) => toastError(error, 'Replay failed to start'),
  });
}

export function useStopReplay() {
  return useMutation({
    mutationFn: () => api.delete('/practice/replay'),
    onSuccess: swapAndReload,
    onError: (error) => toastError(error, 'Replay failed to stop'),
  });
}

/** Pause or resume: only the replay's clock changes, so the header's state is fetched again. */
export function usePauseReplay() {
  return useMutation({
    mutationFn: (action: 'pause' | 'resume') => api.post(`/practice/replay/${action}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tradingKeys.replay });
      void queryClient.invalidateQueries({ queryKey: tradingKeys.marketFeed });
    },
    onError: (error) => toastError(error, 'Failed: something went wrong'),
  });
}

export type { ReplaySpeed };
