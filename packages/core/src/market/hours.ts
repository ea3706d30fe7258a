import { type IsoDate, istDateOf, istEpochMs, istMinutesOfDay } from './dates';
import type { Exchange } from './exchanges';
import { isTradingDay } from './holidays';

/** An IST wall-clock time. */
export interface IstTime {
  hour: number;
  minute: number;
}

/** Normal market for NSE/BSE F&O: 09:15-15:30 IST (reference C.3). Options expire at the close. */
export const MARKET_OPEN_IST: IstTime = { hour: 9, minute: 15 };
export const MARKET_CLOSE_IST: IstTime = { hour: 15, minute: 30 };

/** The instant the market closes on a date. */
export const marketCloseMs = (date: IsoDate): number =>
  istEpochMs(date, MARKET_CLOSE_IST.hour, MARKET_CLOSE_IST.minute);

/** True from 09:15 (inclusive) to 15:30 (exclusive) IST on a trading day of the exchange. */
export const isMarketOpen = (now: number, exchange: Exchange): boolean => {
  if (!isTradingDay(istDateOf(now), exchange)) return false;
  const minutes = istMinutesOfDay(now);
  const open = MARKET_OPEN_IST.hour * 60 + MARKET_OPEN_IST.minute;
  const close = MARKET_CLOSE_IST.hour * 60 + MARKET_CLOSE_IST.minute;
  return minutes >= open && minutes < close;
};
