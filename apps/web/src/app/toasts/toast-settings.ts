// App-wide toast behaviour: 2 visible, 2000 ms, 380 px wide. The overflow indicator appears once more than 3
// toasts are open.
export { TOAST_OVERFLOW_THRESHOLD as OVERFLOW_THRESHOLD, TOAST_WIDTH_PX } from '@xtrader/core/constants';
export const TOAST_DURATION_MS = 2000;
export const VISIBLE_TOASTS = 2;
/**
 * Top-centre, over the app header: the order tables hold row actions at both edges (selection boxes on the left;
 * Exit, Cancel, trailing Start/Stop on the right), and a burst of order toasts over either would cover them for
 * seconds. The header's middle only shows the market's status.
 */
export const TOAST_POSITION = 'top-center';
/** Distance of the toast stack from the top of the window: inside the 44 px header, clear of the config bar. */
export const TOAST_TOP_OFFSET_PX = 4;
