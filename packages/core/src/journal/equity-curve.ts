import type { RoundTrip } from './round-trips';

export interface EquityPoint {
  /** Epoch ms the trip closed (the first point: the day's start). */
  ts: number;
  /** Cumulative net P&L of the closed trips up to then, paise. */
  netPaise: number;
}

/**
 * The day's equity curve: cumulative net P&L after each closed round trip, in closing order, starting from 0 at
 * `startTs`. Open trips are not in it (nothing realised yet).
 */
export function equityCurve(trips: readonly RoundTrip[], startTs: number): EquityPoint[] {
  const closed = trips
    .filter((trip): trip is RoundTrip & { closedAt: number } => trip.closedAt !== null)
    .sort((a, b) => a.closedAt - b.closedAt);
  const points: EquityPoint[] = [{ ts: startTs, netPaise: 0 }];
  let net = 0;
  for (const trip of closed) {
    net += trip.netPaise;
    points.push({ ts: trip.closedAt, netPaise: net });
  }
  return points;
}

export interface DayTotals {
  trades: number;
  grossPaise: number;
  chargesPaise: number;
  netPaise: number;
}

/** The day's totals over its round trips (open ones count their realised part and charges so far). */
export function dayTotals(trips: readonly RoundTrip[]): DayTotals {
  let grossPaise = 0;
  let chargesPaise = 0;
  for (const trip of trips) {
    grossPaise += trip.grossPaise;
    chargesPaise += trip.chargesPaise;
  }
  return { trades: trips.length, grossPaise, chargesPaise, netPaise: grossPaise - chargesPaise };
}
