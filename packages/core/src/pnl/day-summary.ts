/**
 * The day-end summary of a Practice Mode day: what a trader reviews after the square-off. Money is whole paise.
 *
 * - trades: executed orders (fills) of the day;
 * - gross: the day's P&L of every position before charges (realised, plus unrealised at the mark for anything
 *   still open, as the positions page counts it); charges: what the day's fills cost; net = gross - charges;
 * - a position of the day is a win when its net is above 0 and a loss when below (a position that nets exactly 0
 *   is neither); win rate = wins / (wins + losses), undefined when there are none;
 * - largest loss: the most negative net of one position (0 when nothing lost).
 */
export interface DayPositionResult {
  grossPaise: number;
  chargesPaise: number;
}

export interface DaySummaryFigures {
  trades: number;
  grossPaise: number;
  chargesPaise: number;
  netPaise: number;
  wins: number;
  losses: number;
  largestLossPaise: number;
}

export function summariseDay(positions: readonly DayPositionResult[], trades: number): DaySummaryFigures {
  let grossPaise = 0;
  let chargesPaise = 0;
  let wins = 0;
  let losses = 0;
  let largestLossPaise = 0;
  for (const position of positions) {
    grossPaise += position.grossPaise;
    chargesPaise += position.chargesPaise;
    const net = position.grossPaise - position.chargesPaise;
    if (net > 0) wins += 1;
    else if (net < 0) {
      losses += 1;
      largestLossPaise = Math.min(largestLossPaise, net);
    }
  }
  return {
    trades,
    grossPaise,
    chargesPaise,
    netPaise: grossPaise - chargesPaise,
    wins,
    losses,
    largestLossPaise,
  };
}

/** Share of the day's decided positions that made money (0..1), undefined when none was won or lost. */
export const winRate = (summary: Pick<DaySummaryFigures, 'wins' | 'losses'>): number | undefined =>
  summary.wins + summary.losses === 0 ? undefined : summary.wins / (summary.wins + summary.losses);
