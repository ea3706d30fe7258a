/**
 * The order manager's tables. One row per order we know of: broker orders (one per exchange order) and group
 * orders (the parent of freeze slices or iceberg legs, never sent to a broker). Booleans are 0/1 integers so SQLite
 * and PostgreSQL read them alike; JSON columns hold small documents owned by one workflow each.
 */
export interface OrdersTable {
  /** Our order id; also the client order id (tag) the broker echoes back. At most 20 characters. */
  id: string;
  userId: string;
  /** The broker session the order was placed through (PAPERTRADE, ZERODHA, ...). */
  brokerId: string;
  brokerOrderId: string | null;
  kind: 'broker' | 'group';
  role: string;
  /** The user's original order this one descends from (itself for a root): a workflow family. */
  rootId: string;
  /** Group (slice or iceberg parent) this broker order belongs to. */
  groupId: string | null;
  /** The entry order of an exit leg, follow-up or flatten order. */
  parentOrderId: string | null;
  isInternal: number;
  orderCategory: string;
  orderType: string;
  /** How the broker was asked to execute it (market, limit, stoploss_market); null for groups. */
  brokerOrderType: string | null;
  transactionType: string;
  exchange: string;
  tradingSymbol: string;
  internalToken: string;
  identifier: string;
  productType: string;
  lotSize: number;
  status: string;
  quantity: number;
  filledQuantity: number;
  filledValuePaise: number;
  averagePrice: number;
  price: number | null;
  triggerPrice: number | null;
  /** JSON array of booked trade ids (fills are de-duplicated by them). */
  tradeIds: string;
  statusBeforeRequest: string | null;
  rejectedReason: string | null;
  cancelReason: string | null;
  stoplossPoints: number | null;
  targetPoints: number | null;
  /** live or practice: the prices the order is watched with (trailing, LTP). */
  priceView: string;
  /** JSON TrailingState, null if trailing was never used on the order. */
  trailing: string | null;
  /** JSON Workflow: follow-up plan, iceberg progress, halt flag. */
  workflow: string;
  idempotencyKey: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Every fill booked on an order, once per trade id: positions are the sum of these. */
interface OrderFillsTable {
  orderId: string;
  userId: string;
  tradeId: string;
  tradingSymbol: string;
  productType: string;
  transactionType: string;
  quantity: number;
  price: number;
  ts: number;
}

export interface OrdersTables {
  orders: OrdersTable;
  orderFills: OrderFillsTable;
}
