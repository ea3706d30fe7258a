// Which owners of a market-data subscription hold something whose price acts on it: a resting paper order, an open
// paper position, a trailing stop, a user's profit protection. A feed with a symbol limit keeps their contracts
// before those that are only watched. The owners are named by their modules (brokers/paper/exchange-core.ts,
// orders/trailing/trailing-monitor.ts, risk/monitor.ts); holding-owners.test.ts checks the names still match.
const HOLDING_OWNER_PREFIXES = ['paper-order:', 'paper-position:', 'trail:', 'profit-protection:'];

export const isHoldingOwner = (owner: string): boolean =>
  HOLDING_OWNER_PREFIXES.some((prefix) => owner.startsWith(prefix));
