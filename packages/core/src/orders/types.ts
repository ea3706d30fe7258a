// Order vocabulary shared by rules, the state machine and the API schemas.

export const TRANSACTION_TYPES = ['buy', 'sell'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const ORDER_TYPES = ['market', 'limit', 'stoploss'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** normal = carry forward (broker NRML), intraday = squared off the same day (broker MIS). */
export const PRODUCT_TYPES = ['normal', 'intraday'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const BROKER_PRODUCTS = ['NRML', 'MIS'] as const;
export type BrokerProduct = (typeof BROKER_PRODUCTS)[number];

/** oco is a bracket (target and stop-loss in points), cover has a stop-loss only; *-exit are their exit legs. */
export const ORDER_CATEGORIES = ['single', 'oco', 'oco-exit', 'cover', 'cover-exit', 'follow-up'] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

/** Who moves a trailing stop-loss: the broker's own trailing, or our server watching ticks. */
export const TRAILING_HANDLERS = ['broker', 'local'] as const;
export type TrailingHandler = (typeof TRAILING_HANDLERS)[number];

const TO_BROKER: Record<ProductType, BrokerProduct> = { normal: 'NRML', intraday: 'MIS' };
const FROM_BROKER: Record<BrokerProduct, ProductType> = { NRML: 'normal', MIS: 'intraday' };

export const toBrokerProduct = (productType: ProductType): BrokerProduct => TO_BROKER[productType];
export const fromBrokerProduct = (product: BrokerProduct): ProductType => FROM_BROKER[product];

/** Accepts either spelling (`normal`/`NRML`, `intraday`/`MIS`) and returns ours. */
export const normalizeProductType = (value: ProductType | BrokerProduct): ProductType =>
  value === 'NRML' || value === 'MIS' ? FROM_BROKER[value] : value;
