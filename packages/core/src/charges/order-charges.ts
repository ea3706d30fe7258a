import type { IsoDate } from '../market/dates';
import {
  type ChargedContract,
  chargeRatesFor,
  FUTURES_BROKERAGE_RATE,
  GST_RATE,
  rateOn,
  SEBI_FEE_RATE,
} from './rates';

/** What the charges of one executed order depend on. Money is whole paise. */
export interface ChargeableOrder {
  contract: ChargedContract;
  exchange: 'NFO' | 'BFO';
  /** Index name of the underlying (BSE prices SENSEX/BANKEX options apart from the others). */
  underlying: string;
  side: 'buy' | 'sell';
  /** Price x filled quantity so far, in paise (premium for options, contract value for futures). */
  turnoverPaise: number;
  /** IST trade date: picks the rates in force. */
  date: IsoDate;
  /** The broker's flat fee per executed order, in paise. */
  brokeragePerOrderPaise: number;
}

/** Charges of one order, each in whole paise, as a contract note itemises them. */
export interface ChargeBreakdown {
  brokeragePaise: number;
  sttPaise: number;
  exchangePaise: number;
  sebiPaise: number;
  stampPaise: number;
  gstPaise: number;
  totalPaise: number;
}

export const NO_CHARGES: ChargeBreakdown = Object.freeze({
  brokeragePaise: 0,
  sttPaise: 0,
  exchangePaise: 0,
  sebiPaise: 0,
  stampPaise: 0,
  gstPaise: 0,
  totalPaise: 0,
});

/** Rounds to whole paise, half up; snapped to 1/1000 paisa first so float noise never moves a paisa. */
const paise = (value: number): number => Math.round(Math.round(value * 1000) / 1000);
/** STT is levied in whole rupees (rounded to the nearest rupee on the contract note). */
const wholeRupees = (valuePaise: number): number => Math.round(Math.round(valuePaise * 1000) / 100_000) * 100;

/**
 * Charges of an order for the turnover it has filled so far. Every component is monotone in turnover, so the
 * charges of a partial fill are the difference between this figure after and before it (never negative), and
 * brokerage is due once the order has filled anything (it is per executed order).
 */
export function orderCharges(order: ChargeableOrder): ChargeBreakdown {
  const turnover = Math.max(0, order.turnoverPaise);
  if (turnover === 0) return NO_CHARGES;
  const rates = chargeRatesFor(order.contract, order.exchange, order.underlying);
  const flat = Math.max(0, order.brokeragePerOrderPaise);
  const brokeragePaise =
    order.contract === 'future' ? Math.min(flat, paise(turnover * FUTURES_BROKERAGE_RATE)) : flat;
  const sttPaise = order.side === 'sell' ? wholeRupees(turnover * rateOn(rates.sttSell, order.date)) : 0;
  const exchangePaise = paise(turnover * rateOn(rates.exchange, order.date));
  const sebiPaise = paise(turnover * SEBI_FEE_RATE);
  const stampPaise = order.side === 'buy' ? paise(turnover * rateOn(rates.stampBuy, order.date)) : 0;
  const gstPaise = paise((brokeragePaise + exchangePaise + sebiPaise) * GST_RATE);
  return {
    brokeragePaise,
    sttPaise,
    exchangePaise,
    sebiPaise,
    stampPaise,
    gstPaise,
    totalPaise: brokeragePaise + sttPaise + exchangePaise + sebiPaise + stampPaise + gstPaise,
  };
}
