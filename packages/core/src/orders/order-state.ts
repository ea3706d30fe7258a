import type { OrderStatus, WorkingStatus } from './order-status';

// The order record and the state machine's result types; a leaf, so the event handlers and `applyOrderEvent`
// both build on it without importing each other.

/** What the state machine knows about one order. Prices in rupees; the fill value is kept in exact paise. */
export interface OrderState {
  orderId: string;
  status: OrderStatus;
  quantity: number;
  filledQuantity: number;
  /** Sum of fill quantity x fill price, in paise (an exact integer, so the average never drifts). */
  filledValuePaise: number;
  /** filledValuePaise / filledQuantity in rupees; 0 before the first fill. */
  averagePrice: number;
  price: number | null;
  triggerPrice: number | null;
  /** Trade ids already booked; a fill repeating one is refused. */
  tradeIds: readonly string[];
  /** While a modify or cancel is in flight: the status to return to if the broker refuses it. */
  statusBeforeRequest: WorkingStatus | null;
  rejectedReason: string | null;
  /** Why it was cancelled when the broker said so, or 'expired' at the end of the day. */
  cancelReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export type OrderErrorCode =
  | 'order_id_mismatch'
  | 'illegal_transition'
  | 'duplicate_fill'
  | 'overfill'
  | 'invalid_fill'
  | 'invalid_modification'
  | 'invalid_event';

export interface OrderError {
  code: OrderErrorCode;
  message: string;
}

export type ApplyResult = { ok: true; order: OrderState } | { ok: false; error: OrderError };

export interface NewOrder {
  orderId: string;
  quantity: number;
  price?: number | null;
  triggerPrice?: number | null;
  createdAt: number;
}

/** A freshly submitted order, status pending. */
export const createOrderState = ({
  orderId,
  quantity,
  price = null,
  triggerPrice = null,
  createdAt,
}: NewOrder): OrderState => ({
  orderId,
  status: 'pending',
  quantity,
  filledQuantity: 0,
  filledValuePaise: 0,
  averagePrice: 0,
  price,
  triggerPrice,
  tradeIds: [],
  statusBeforeRequest: null,
  rejectedReason: null,
  cancelReason: null,
  createdAt,
  updatedAt: createdAt,
});
