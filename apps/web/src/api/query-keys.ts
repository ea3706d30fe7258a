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
  marketFeed: ['market', 'feed'] as const,
};

/** What an order action changes: positions, orders and funds. */
export const ORDER_ACTION_KEYS = [tradingKeys.orders, tradingKeys.positions, tradingKeys.margin] as const;
