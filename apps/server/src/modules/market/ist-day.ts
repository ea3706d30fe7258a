import { IST_OFFSET_MS } from '@xtrader/core/market/dates';

const MS_PER_DAY = 86_400_000;

/**
 * The IST calendar day of an instant as a day number: what sessions are keyed by on the tick path (core's
 * `istDateOf` builds a string per call; this is one division).
 */
export const istDayNumber = (epochMs: number): number => Math.floor((epochMs + IST_OFFSET_MS) / MS_PER_DAY);
