// One place that owns the cache keys of the trading screen's server state, so every mutation invalidates
// exactly what the tables read.

export const tradingKeys = {
  userInfo: ['auth', 'user-info'] as const,
  brokerStatus: ['broker', 'status'] as const,
  subscription: ['subscription', 'status'] as const,
  orders: ['portfolio', 'orders'] as const,
  positions: ['portfolio', 'positions'] as const,
  margin: ['portfolio', 'margin'] as const,
  profitProtection: ['profit-protection'] as const,
  discipline: ['discipline'] as const,
  marketFeed: ['market', 'feed'] as const,
  practiceCharges: ['practice', 'charges'] as const,
  practiceDays: ['practice', 'day-summaries'] as const,
  replay: ['practice', 'replay'] as const,
  replayDays: ['practice', 'replay', 'days'] as const,
  /** The execution journal: its last order (the HUD) and its days. */
  journal: ['journal'] as const,
};

/**
 * What an order action changes: positions, orders, funds, the discipline state (the day's count) and the journal
 * (the HUD's last order and the day's trades).
 */
export const ORDER_ACTION_KEYS = [
  tradingKeys.orders,
  tradingKeys.positions,
  tradingKeys.margin,
  tradingKeys.discipline,
  tradingKeys.journal,
] as const;
