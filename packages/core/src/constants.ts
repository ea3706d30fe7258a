// App-wide constants (timings, limits, UI sizes). Order-specific numbers live in
// `orders/constants.ts`.

/** Version of the persisted client settings; V5 is migrated, any other mismatch resets the client store. */
export const SETTINGS_SCHEMA_VERSION = 'V6';

export const FREE_TRIAL_DAYS = 14;
export const PHONE_DIGITS = 10;
export const OTP_LENGTH = 4;
export const PASSWORD_MIN_LENGTH = 8;

/** Positions, orders and margin are refreshed this long after any successful order action. */
export const REFRESH_AFTER_ORDER_ACTION_MS = 500;
/** Orders, margin, positions and profit-protection polling. */
export const POLL_INTERVAL_MS = 5000;
export const LIVE_PNL_RECOMPUTE_MS = 500;
export const INSTRUMENT_SEARCH_DEBOUNCE_MS = 300;
export const INSTRUMENT_SEARCH_PAGE_SIZE = 20;
export const SL_SETTINGS_SAVE_DEBOUNCE_MS = 500;
/** Stepped price edits auto-submit after this pause. */
export const STEPPED_PRICE_SUBMIT_DELAY_MS = 500;
/** Order history and pending-orders tables. */
export const TABLE_PAGE_SIZE = 200;
export const TABLE_MIN_WIDTH_PX = 1300;
export const SOUND_VOLUMES = { click: 0.15, success: 0.4, failure: 0.5 } as const;
export const TOAST_WIDTH_PX = 380;
/** More open toasts than this show '+ N more' and a Close All button. */
export const TOAST_OVERFLOW_THRESHOLD = 3;
export const HOVER_CARD_OPEN_DELAY_MS = 1;
export const TOOLTIP_DELAY_MS = 700;
export const USER_SETTINGS_PANEL_HEIGHT_PX = 450;
