import type { QueryClient } from '@tanstack/react-query';
import { isEntitledToTrade } from '@xtrader/core/api/billing';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import { subscriptionStatusQuery, userInfoQuery } from '../../api/account-queries';
import { queryClient as appQueryClient } from '../../api/query-client';

/**
 * May the user place an order? Answered from the cache when it holds the user info (and, for a
 * live broker, the subscription status), so a key press sends its order without waiting on the network; only a
 * cold cache fetches. Undefined means "ask `fetchEntitlement`".
 */
export function cachedEntitlement(client: QueryClient = appQueryClient): boolean | undefined {
  const info = client.getQueryData(userInfoQuery.queryKey);
  if (!info) return undefined;
  const activeBroker = info.user.activeBroker;
  if (isPracticeBroker(activeBroker)) return true;
  const subscription = client.getQueryData(subscriptionStatusQuery.queryKey);
  if (!subscription) return undefined;
  return isEntitledToTrade({ activeBroker, ...subscription });
}

/** Fetches what the cache lacks; a subscription lookup that fails counts as not entitled. */
export async function fetchEntitlement(client: QueryClient = appQueryClient): Promise<boolean> {
  const info = await client.fetchQuery(userInfoQuery);
  const activeBroker = info.user.activeBroker;
  if (isPracticeBroker(activeBroker)) return true;
  try {
    const subscription = await client.fetchQuery(subscriptionStatusQuery);
    return isEntitledToTrade({ activeBroker, ...subscription });
  } catch {
    return false;
  }
}
