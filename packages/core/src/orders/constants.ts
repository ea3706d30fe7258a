import type { IndexName } from '../market/indices';
import type { ProductType, TrailingHandler } from './types';

// Order numbers: tick size, quantity limits, steps and defaults.

export const TICK_SIZE = 0.05;
/** No order price may be below this. */
export const MIN_PRICE = 0.05;
/** Lot size assumed when an instrument's lot size is unknown. */
export const DEFAULT_LOT_SIZE = 75;
export const DEFAULT_QUANTITY = 10000;
export const DEFAULT_MULTIPLIER = 1;
export const DEFAULT_SL_POINTS = 25;
/** Default (and minimum) price step of stepped modifications. */
export const DEFAULT_MODIFY_STEP = 0.05;
export const MARKET_PROTECTION_DEFAULT_PERCENT = 10;
export const MARKET_PROTECTION_MAX_PERCENT = 10;
export const DEFAULT_MARKET_PROTECTION = {
  enabled: false,
  percentage: MARKET_PROTECTION_DEFAULT_PERCENT,
} as const;
export const DEFAULT_INDEX: IndexName = 'NIFTY';
export const DEFAULT_PRODUCT_TYPE: ProductType = 'normal';
export const ORDER_VALIDITY = 'day';
export const ORDER_SLICE = 0;
export const ORDER_VARIETY = 'regular';

/**
 * Upper bounds of what a request may carry. Each is far above real use (no index option premium nears 10 lakh
 * rupees) and keeps every amount an exact integer of paise in a double (price x quantity stays below 2^53).
 */
export const MAX_PRICE = 1_000_000;
/** Units one order may carry when no index freeze limit applies (a contract of an unknown index, a setting). */
export const MAX_ORDER_QUANTITY = 1_000_000;
/**
 * Freeze slices one order may be split into. They go out together, so this bounds the burst one request causes;
 * 20 keeps the default quantity (10,000) placeable as one order on every index (BANKNIFTY: 20 x 600 = 12,000).
 */
export const MAX_SLICES_PER_ORDER = 20;
/** Largest modify step and stop-loss trigger/limit gap a user may set, in points. */
export const MAX_MODIFY_STEP = 1_000;
export const MAX_SL_TRIGGER_DIFFERENCE = 1_000;

export const MAX_QUANTITY_MULTIPLIER = 20;
export const MAX_FOLLOW_UP_MULTIPLIER = 10;
/** Broker iceberg limits (Kite: at least 2 legs, at most 50). */
export const ICEBERG_MIN_LEGS = 2;
export const ICEBERG_MAX_LEGS = 50;

export const DEFAULT_TRAILING_HANDLER: TrailingHandler = 'broker';
/** Trail parameters chosen when a handler is picked; also the smallest values each handler allows. */
export const DEFAULT_TRAIL_PARAMS: Readonly<
  Record<TrailingHandler, { priceChange: number; slChange: number }>
> = {
  broker: { priceChange: 5, slChange: 1 },
  local: { priceChange: 1, slChange: 1 },
};
export const TRAIL_MINIMUMS = DEFAULT_TRAIL_PARAMS;

export const FOLLOW_UP_DEFAULTS = {
  followUpEnabled: false,
  waitForFillConfirmation: false,
  tradeEnabled: true,
  multiplier: 1,
} as const;

/** User-facing order messages. */
export const ORDER_MESSAGES = {
  quantityNotPositive: 'Quantity should be greater than 0',
  noPositionToExit: 'No position to exit!',
  invalidPrice: 'Invalid price - price should be greater than 0.05.',
} as const;
