import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfoSchema } from '@xtrader/core/api/auth';
import { subscriptionStatusResponseSchema } from '@xtrader/core/api/billing';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import { api } from './client';
import { tradingKeys } from './query-keys';

/** GET /auth/getUserInfo; kept indefinitely and refreshed when the broker changes. */
export const userInfoQuery = queryOptions({
  queryKey: tradingKeys.userInfo,
  queryFn: async ({ signal }) => (await api.get('/auth/getUserInfo', { data: userInfoSchema, signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET /zohoSubscriptions/getSubscriptionStatus: read before placing an order (entitlement). */
export const subscriptionStatusQuery = queryOptions({
  queryKey: tradingKeys.subscription,
  queryFn: async ({ signal }) =>
    (
      await api.get('/zohoSubscriptions/getSubscriptionStatus', {
        data: subscriptionStatusResponseSchema,
        signal,
      })
    ).data,
  staleTime: 60_000,
});

export const useUserInfo = () => useQuery(userInfoQuery);

/** The user's active broker (PAPERTRADE in Practice Mode), null while unknown or when none is linked. */
export function useActiveBroker(): string | null {
  return useUserInfo().data?.user.activeBroker ?? null;
}

export const useIsPracticeMode = () => isPracticeBroker(useActiveBroker());
