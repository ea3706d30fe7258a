import { formatIndianInteger } from '../format/format';

// Risk-first sizing: the trader says how many rupees one trade may lose; the stop-loss distance decides the size.

export type RiskSizing =
  | {
      ok: true;
      lots: number;
      quantity: number /** What the trade risks at that size (<= the risk). */;
      atRisk: number;
    }
  | { ok: false; message: string };

/**
 * Whole lots whose loss at the stop stays within `risk`: floor(risk / (stop-loss points x lot size)). Zero lots
 * (the stop is too far, or the risk too small, for even one lot) is refused with a message rather than rounded up.
 */
export function riskSizedLots(risk: number, slPoints: number, lotSize: number): RiskSizing {
  if (!(risk > 0)) return { ok: false, message: 'Risk per trade must be more than 0' };
  if (!(slPoints > 0)) return { ok: false, message: 'Risk sizing needs stop-loss points above 0' };
  const perLot = slPoints * lotSize;
  // In paise, so 2000 / (25 x 80) is exactly 1 lot and not 0.9999.
  const lots = Math.floor(Math.round(risk * 100) / Math.round(perLot * 100));
  if (lots < 1) {
    return {
      ok: false,
      message: `Risk ₹${formatIndianInteger(risk)} is less than one lot at the stop (₹${formatIndianInteger(Math.ceil(perLot))} per lot): 0 lots, nothing sent`,
    };
  }
  return { ok: true, lots, quantity: lots * lotSize, atRisk: lots * perLot };
}
