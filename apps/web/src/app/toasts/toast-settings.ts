// App-wide toast behaviour (SPEC sections 8 and 9, the app-wide reading): 2 visible, 2000 ms, bottom-right,
// 380 px wide. The overflow indicator appears once more than 3 toasts are open.
export const TOAST_DURATION_MS = 2000;
export const VISIBLE_TOASTS = 2;
export const TOAST_WIDTH_PX = 380;
export const OVERFLOW_THRESHOLD = 3;
