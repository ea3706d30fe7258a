/**
 * Profit protection, one row per user. Rupee amounts of the settings are whole rupees; the high-water mark (an MTM
 * level, two decimals) is whole paise; market protection is basis points (0.1 = 1000), so nothing drifts through
 * a float column. Booleans are 0/1 integers so SQLite and PostgreSQL read them alike.
 */
export interface ProfitProtectionTable {
  userId: string;
  enabled: number;
  targetProfit: number;
  /** The max loss in force now: the saved one, raised by MTM trailing. */
  maxLoss: number;
  /** The max loss as the user last saved it. */
  savedMaxLoss: number;
  trailingEnabled: number;
  increaseInProfit: number;
  trailMaxLoss: number;
  marketProtectionBps: number;
  /** MTM level (paise) the next trailing step is measured from. */
  highWaterMarkPaise: number;
  /** Bumped by every Save; a trigger claims the row only at the version it evaluated (compare-and-set). */
  version: number;
  /** JSON KillRecord of the last trigger (its square-off progress and outcome), null if it never fired. */
  killSwitch: string | null;
  /** The kill record's id and status, as columns so progress writes and restart queries need no JSON. */
  killId: string | null;
  killStatus: string | null;
  updatedAt: number;
}

/** The discipline rules' lock and last losing trade of a user's IST day (epoch ms, null when not yet). */
export interface DisciplineDaysTable {
  userId: string;
  day: string;
  lockedAt: number | null;
  /** 1 when the day's lock is the trader's own close-all (not a reached max loss). */
  lockedByTrader: number;
  lastLossAt: number | null;
}

/** One order counted against a user's trades of an IST day. */
export interface DisciplineTradesTable {
  userId: string;
  day: string;
  orderId: string;
}

export interface RiskTables {
  profitProtection: ProfitProtectionTable;
  disciplineDays: DisciplineDaysTable;
  disciplineTrades: DisciplineTradesTable;
}
