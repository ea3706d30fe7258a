import { MARKET_PROTECTION_MAX_PERCENT, MIN_PRICE } from '@xtrader/core/orders/constants';
import { marketProtectionPrice, roundToTick } from '@xtrader/core/orders/price-rules';
import type { Side } from '../broker';

// Exchange and regulator rules for orders sent to live brokers, built in rather than left to the user:
// market orders carry market protection (refused without it since 2026-04-01), and stop-loss orders on options go
// out as stop-limit with a buffer because exchanges refuse stop-market orders on options.

/** Kite's `market_protection`: the user's percentage (1-100, whole), else -1 (the exchange's automatic slab). */
export function marketProtectionParam(percent: number | undefined): number {
  if (percent === undefined || !Number.isFinite(percent) || percent <= 0) return -1;
  return Math.min(100, Math.max(1, Math.round(percent)));
}

/**
 * The exchanges' market-protection slabs for options by price (as Zerodha support states them): the
 * buffer a stop-limit needs to behave like a protected stop-market.
 */
export function optionProtectionPercent(price: number): number {
  if (price < 10) return 5;
  if (price < 100) return 3;
  if (price <= 500) return 2;
  return 1;
}

/**
 * Limit price of a stop-limit standing in for a stop-market, on the 0.05 grid, at least one tick beyond the trigger
 * so it never rounds back onto it, and never below 0.05. With the user's trigger/limit difference (`offset`, points)
 * the limit is that far beyond the trigger in the direction of the fill (buy above, sell below), but never further
 * than the protection allows (the given percentage, else the 10% cap). Without one, the trigger is moved by the
 * protection percentage (else the exchange slab).
 */
export function stopLimitPrice(
  trigger: number,
  side: Side,
  protectionPercent: number | undefined,
  offset?: number,
): number {
  const given = protectionPercent !== undefined && protectionPercent > 0 ? protectionPercent : undefined;
  const oneTick = marketProtectionPrice(trigger + (side === 'buy' ? 0.05 : -0.05), side, 0);
  const furthest = (percent: number) => {
    const buffered = marketProtectionPrice(trigger, side, percent);
    return side === 'buy' ? Math.max(buffered, oneTick) : Math.min(buffered, oneTick);
  };
  if (offset === undefined || !(offset > 0)) return furthest(given ?? optionProtectionPercent(trigger));
  const bound = furthest(given ?? MARKET_PROTECTION_MAX_PERCENT);
  const wanted = Math.max(MIN_PRICE, roundToTick(side === 'buy' ? trigger + offset : trigger - offset));
  return side === 'buy'
    ? Math.min(bound, Math.max(oneTick, wanted))
    : Math.max(bound, Math.min(oneTick, wanted));
}
