// Product copy and external addresses shared by several screens.

/** Legal pages live on the provider's website, not in the app. */
export const TERMS_URL = 'https://x-trader.in/terms-and-conditions';
export const PRIVACY_URL = 'https://x-trader.in/privacy-policy';
