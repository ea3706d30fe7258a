import { type IsoDate, istDateOf, istEpochMs, istMinutesOfDay } from './dates';
import { DERIVATIVES_EXCHANGES, type Exchange } from './exchanges';
import { isTradingDay, nextTradingDay } from './holidays';
import { clockMinutes, type IstClock, SESSION_TABLE, type SessionEntry, sessionOn } from './sessions';

// Instants of the session times (see `sessions.ts`): every open, close and square-off time is read from the
// session table for the exchange and date, never from a constant.

/** An IST wall-clock time. */
export interface IstTime {
  hour: number;
  minute: number;
}

/** `HH:MM` as hour and minute. */
export const istTimeOf = (time: IstClock): IstTime => {
  const minutes = clockMinutes(time);
  return { hour: Math.floor(minutes / 60), minute: minutes % 60 };
};

const instant = (date: IsoDate, time: IstClock): number => {
  const { hour, minute } = istTimeOf(time);
  return istEpochMs(date, hour, minute);
};

/** The instant the exchange's normal market opens on a date. */
export const marketOpenMs = (
  exchange: Exchange,
  date: IsoDate,
  table: readonly SessionEntry[] = SESSION_TABLE,
): number => instant(date, sessionOn(exchange, date, table).open);

/** The instant the exchange's normal market closes on a date (derivatives expire then). */
export const marketCloseMs = (
  exchange: Exchange,
  date: IsoDate,
  table: readonly SessionEntry[] = SESSION_TABLE,
): number => instant(date, sessionOn(exchange, date, table).close);

/** The default intraday (MIS) square-off on a date, as the session table gives it. */
export const misSquareOffTime = (
  exchange: Exchange,
  date: IsoDate,
  table: readonly SessionEntry[] = SESSION_TABLE,
): IstTime => istTimeOf(sessionOn(exchange, date, table).misSquareOff);

/** True from the open (inclusive) to the close (exclusive) IST on a trading day of the exchange. */
export const isMarketOpen = (
  now: number,
  exchange: Exchange,
  table: readonly SessionEntry[] = SESSION_TABLE,
): boolean => {
  const date = istDateOf(now);
  if (!isTradingDay(date, exchange)) return false;
  const session = sessionOn(exchange, date, table);
  const minutes = istMinutesOfDay(now);
  return minutes >= clockMinutes(session.open) && minutes < clockMinutes(session.close);
};

/** Whether the market is open at `now`, and the instant that changes (the next close, or the next open). */
export interface MarketPhase {
  open: boolean;
  /** The close when open, else the next trading day's open (today's when before the open). */
  changesAt: number;
}

/** The market's phase at `now`, for a countdown to the close or to the next open. */
export const marketPhase = (
  now: number,
  exchange: Exchange,
  table: readonly SessionEntry[] = SESSION_TABLE,
): MarketPhase => {
  const today = istDateOf(now);
  if (isMarketOpen(now, exchange, table)) {
    return { open: true, changesAt: marketCloseMs(exchange, today, table) };
  }
  const beforeOpenToday = isTradingDay(today, exchange) && now < marketOpenMs(exchange, today, table);
  const openDay = beforeOpenToday ? today : nextTradingDay(today, exchange);
  return { open: false, changesAt: marketOpenMs(exchange, openDay, table) };
};

/**
 * One intraday square-off for both derivatives exchanges on a date: the earlier of NFO's and BFO's, so no MIS
 * position outlives its own exchange's cut-off.
 */
export const derivativesSquareOffTime = (
  date: IsoDate,
  table: readonly SessionEntry[] = SESSION_TABLE,
): IstTime => {
  const times = DERIVATIVES_EXCHANGES.map((exchange) => misSquareOffTime(exchange, date, table));
  return times.reduce((a, b) => (b.hour * 60 + b.minute < a.hour * 60 + a.minute ? b : a));
};
