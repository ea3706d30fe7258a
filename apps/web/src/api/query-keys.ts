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
};

/** What an order action changes: positions, orders, funds, and the discipline state (the day's count). */
export const ORDER_ACTION_KEYS = [
  tradingKeys.orders,
  tradingKeys.positions,
  tradingKeys.margin,
  tradingKeys.discipline,
] as const;
