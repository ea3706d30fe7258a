// Product copy and external addresses shared by several screens.

/** The ten features of SPEC section 9: signup benefits and the pricing page's feature table. */
export const PRODUCT_FEATURES = [
  'One Click Trading',
  'Auto Stop Loss Trading',
  'PnL based Exit & MTM Trailing',
  'Bracket(OCO) Orders',
  'Market Order Quantity Slicing',
  'Unlimited Trade Quantity',
  'Kill Switch',
  'One Click Bulk Order Cancel',
  'All NSE and BSE Indices',
  'Single Screen Interface',
] as const;

/** Legal pages live on the provider's website, not in the app (SPEC section 1). */
export const TERMS_URL = 'https://x-trader.in/terms-and-conditions';
export const PRIVACY_URL = 'https://x-trader.in/privacy-policy';
