import { formatIndianInteger } from '../format/format';
import { type IsoDate, istDateOf, istMinutesOfDay } from '../market/dates';
import type { Exchange } from '../market/exchanges';
import { clockMinutes, type IstClock, SESSION_TABLE, type SessionEntry, sessionOn } from '../market/sessions';

// Trading discipline: limits a trader sets on themself for the day. Each rule is off (null / false) by default;
// while a rule holds, a new order is refused with its message. Exits and square-offs are never refused: they go
// through their own paths, which do not run these rules.

export interface DisciplineSettings {
  /** At most this many orders placed per IST day (null: no limit). */
  maxTradesPerDay: number | null;
  /** Rupees: once the day's intraday MTM falls to minus this, trading is locked until the next day (null: off). */
  maxLossPerDay: number | null;
  /** Minutes of no new orders after a trade closed at a loss (null: off). */
  coolDownMinutes: number | null;
  /** IST `HH:MM`: no new orders from this time on (null: off). */
  noNewPositionsAfter: IstClock | null;
  /** Limit (and stop) orders only: a market order is refused. */
  noMarketOrders: boolean;
}

export const DEFAULT_DISCIPLINE: DisciplineSettings = {
  maxTradesPerDay: null,
  maxLossPerDay: null,
  coolDownMinutes: null,
  noNewPositionsAfter: null,
  noMarketOrders: false,
};

/** What the server knows of a user's trading day. */
export interface DisciplineDay {
  /** The IST date these figures are of; a day of another date counts as empty. */
  day: IsoDate;
  /** Orders placed today. */
  trades: number;
  /** When the day's max loss locked trading (epoch ms), null while not locked. Never undone the same day. */
  lockedAt: number | null;
  /** The trader locked the day themself (the Telegram close-all) rather than the max loss; absent means max loss. */
  lockedByTrader?: boolean;
  /** When the last trade of the day closed at a loss (epoch ms). */
  lastLossAt: number | null;
}

export const emptyDay = (day: IsoDate): DisciplineDay => ({
  day,
  trades: 0,
  lockedAt: null,
  lastLossAt: null,
});

/** The day's record as of `now`: yesterday's counts and lock are gone at IST midnight. */
export const dayAt = (record: DisciplineDay | undefined, now: number): DisciplineDay => {
  const today = istDateOf(now);
  return record && record.day === today ? record : emptyDay(today);
};

export type DisciplineRule = 'maxLoss' | 'maxTrades' | 'coolDown' | 'cutOff' | 'noMarket';

/** A rule that refuses new orders now, with what the trader is told. */
export interface DisciplineHold {
  rule: DisciplineRule;
  message: string;
  /** When the hold ends by itself (epoch ms), when it does within the day. */
  until?: number;
}

const MINUTE = 60_000;

const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A valid cut-off time, `HH:MM` 00:00-23:59. */
export const isIstClock = (value: string): value is IstClock => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match !== null && Number(match[1]) < 24 && Number(match[2]) < 60;
};

/** The cut-off, never later than the exchange's close that day (a later one could never hold). */
const cutOffMinutes = (cutOff: IstClock, session: SessionEntry): number =>
  Math.min(clockMinutes(cutOff), clockMinutes(session.close));

/**
 * Every rule that holds now, the lock first (it is the one no other change lifts). `mtm` is the day's intraday MTM
 * when the caller read it; the max-loss rule locks when it is at or below minus the limit, and a lock already set
 * today holds whatever the settings say now (it cannot be undone by switching the rule off).
 */
export function disciplineHolds(input: {
  settings: DisciplineSettings;
  day: DisciplineDay;
  now: number;
  /** Whether this order is a market order (the no-market switch); omitted for the bar's state. */
  marketOrder?: boolean;
  exchange?: Exchange;
  sessions?: readonly SessionEntry[];
}): DisciplineHold[] {
  const { settings, day, now } = input;
  const holds: DisciplineHold[] = [];
  if (day.lockedAt !== null) {
    holds.push({
      rule: 'maxLoss',
      message: day.lockedByTrader
        ? 'You closed all and locked trading for today: no new orders until the next session (exits are still allowed)'
        : 'Max loss per day reached: trading is locked until the next session (exits are still allowed)',
    });
  }
  if (settings.maxTradesPerDay !== null && day.trades >= settings.maxTradesPerDay) {
    holds.push({
      rule: 'maxTrades',
      message: `Max trades per day reached (${day.trades} of ${settings.maxTradesPerDay}): no new orders until the next session`,
    });
  }
  if (settings.coolDownMinutes !== null && day.lastLossAt !== null) {
    const until = day.lastLossAt + settings.coolDownMinutes * MINUTE;
    if (now < until) {
      const left = Math.ceil((until - now) / MINUTE);
      holds.push({
        rule: 'coolDown',
        message: `Cool-down after a losing trade: new orders allowed again in ${left} min`,
        until,
      });
    }
  }
  if (settings.noNewPositionsAfter !== null) {
    const session = sessionOn(input.exchange ?? 'NFO', istDateOf(now), input.sessions ?? SESSION_TABLE);
    const cutOff = cutOffMinutes(settings.noNewPositionsAfter, session);
    if (istMinutesOfDay(now) >= cutOff) {
      holds.push({
        rule: 'cutOff',
        message: `No new positions after ${clockText(cutOff)} IST: only exits until the next session`,
      });
    }
  }
  if (settings.noMarketOrders && input.marketOrder === true) {
    holds.push({
      rule: 'noMarket',
      message: 'Market orders are switched off in your settings: use a limit order',
    });
  }
  return holds;
}

/** Whether the day's MTM reached the max loss (the lock is then set, for the rest of the day). */
export const reachesMaxLoss = (settings: DisciplineSettings, mtm: number): boolean =>
  settings.maxLossPerDay !== null && mtm <= -settings.maxLossPerDay;

/** Any rule that depends on the day (the bar shows discipline only when one is set). */
export const anyDisciplineRule = (settings: DisciplineSettings): boolean =>
  settings.maxTradesPerDay !== null ||
  settings.maxLossPerDay !== null ||
  settings.coolDownMinutes !== null ||
  settings.noNewPositionsAfter !== null ||
  settings.noMarketOrders;

/** The max loss as the bar shows it. */
export const maxLossText = (settings: DisciplineSettings): string | null =>
  settings.maxLossPerDay === null ? null : `-${formatIndianInteger(settings.maxLossPerDay)}`;

/** A position as the loss detector reads it (a broker's net position of the day). */
export interface ClosedTradeInput {
  tradingSymbol: string;
  product: string;
  quantity: number;
  buyValue: number;
  sellValue: number;
}

/**
 * What each flat position of the day has booked (sell value - buy value), by symbol and product. A trade that
 * closes moves its position's booked figure; a move down is a losing trade. A position still open is not counted
 * until it is flat again, so a partial exit is not yet a trade.
 */
export const bookedByPosition = (
  positions: readonly ClosedTradeInput[],
  /** The last reading: an open position keeps what it had booked when last flat (its next close is measured from it). */
  previous: ReadonlyMap<string, number> = new Map(),
): Map<string, number> => {
  const booked = new Map<string, number>();
  for (const p of positions) {
    const key = `${p.tradingSymbol}|${p.product}`;
    if (p.quantity === 0) booked.set(key, p.sellValue - p.buyValue);
    else if (previous.has(key)) booked.set(key, previous.get(key) as number);
  }
  return booked;
};

/** Whether a trade closed at a loss between two readings (a position newly flat counts from 0). */
export const closedAtLoss = (
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): boolean => {
  for (const [key, booked] of after) {
    // Compared in paise: float sums of values must not make an unchanged figure look like a loss.
    if (Math.round(booked * 100) < Math.round((before.get(key) ?? 0) * 100)) return true;
  }
  return false;
};
