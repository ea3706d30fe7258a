import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { toastError } from '../../api/toast-error';
import { FAILURE_TITLES } from '../../lib/order-messages';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { TradingSettings } from '../../state/trading-settings-types';
import { type BuildOrderResult, buildOrder } from './build-order';
import { cachedEntitlement, fetchEntitlement } from './entitlement';
import type { OrderIntent } from './order-intent';
import { sendOrder } from './use-place-order';

export type LimitIntent = Pick<OrderIntent, 'optionType' | 'side'> & { price: number };

/**
 * A LIMIT order at `price` sized and configured like the market card's (quantity, multiplier, lots, preset target
 * and SL, iceberg), without its follow-up trade (that rides on fills at market only). Pure.
 */
export function buildLimitOrder(settings: TradingSettings, limit: LimitIntent): BuildOrderResult {
  const built = buildOrder({
    ...settings,
    intent: { card: 'market', optionType: limit.optionType, side: limit.side },
    orderConfig: { ...settings.orderConfig, marketProtection: { enabled: false, percentage: 0 } },
    followUpTradesState: { ...settings.followUpTradesState, followUpEnabled: false },
    ltp: undefined,
  });
  if (!built.ok) return built;
  return { ...built, body: { ...built.body, orderType: 'limit', triggerPrice: limit.price } };
}

/**
 * Places one price-ladder limit; answers the order's id (for the auto re-price) or undefined when nothing was
 * placed (refusals are toasted). A user without entitlement goes to /subscribe.
 */
export function usePlaceLimitOrder(): (limit: LimitIntent) => Promise<string | undefined> {
  const navigate = useNavigate();
  return useCallback(
    async (limit: LimitIntent) => {
      const built = buildLimitOrder(useTradingSettings.getState(), limit);
      if (!built.ok) {
        toast.error(built.message, built.description ? { description: built.description } : undefined);
        orderFeedback.failure();
        return undefined;
      }
      let entitled = cachedEntitlement();
      if (entitled === undefined) {
        try {
          entitled = await fetchEntitlement();
        } catch (error) {
          toastError(error, FAILURE_TITLES.placeOrder);
          return undefined;
        }
      }
      if (!entitled) {
        void navigate('/subscribe');
        return undefined;
      }
      return sendOrder(built, false);
    },
    [navigate],
  );
}
