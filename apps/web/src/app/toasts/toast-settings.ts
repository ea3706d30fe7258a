// App-wide toast behaviour: 2 visible, 2000 ms, 380 px wide. The overflow indicator appears once more than 3
// toasts are open.
export { TOAST_OVERFLOW_THRESHOLD as OVERFLOW_THRESHOLD, TOAST_WIDTH_PX } from '@xtrader/core/constants';
export const TOAST_DURATION_MS = 2000;
export const VISIBLE_TOASTS = 2;
/**
 * Bottom-left: the right-hand edge of the order tables holds the row actions (Exit, Cancel, trailing Start/Stop),
 * and a burst of order toasts there would cover them for seconds; the left edge only holds instrument names.
 */
export const TOAST_POSITION = 'bottom-left';
