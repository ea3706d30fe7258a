// App-wide toast behaviour (SPEC sections 8 and 9, the app-wide reading): 2 visible, 2000 ms, bottom-right,
// 380 px wide. The overflow indicator appears once more than 3 toasts are open.
export { TOAST_OVERFLOW_THRESHOLD as OVERFLOW_THRESHOLD, TOAST_WIDTH_PX } from '@xtrader/core';
export const TOAST_DURATION_MS = 2000;
export const VISIBLE_TOASTS = 2;
