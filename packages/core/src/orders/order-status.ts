// Order states, events and the transition table. The table is the single authority on which event may move an
// order from which state to which; `applyOrderEvent` (state.ts) refuses anything it does not list.

export const ORDER_STATUSES = [
  'pending', // submitted, not yet acknowledged by the broker
  'open',
  'trigger_pending', // stop-loss order waiting for its trigger
  'partially_filled',
  'modify_pending', // modification sent, not yet confirmed
  'cancel_pending', // cancellation sent, not yet confirmed
  'complete',
  'cancelled',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses a refused modify/cancel can return to. */
export const WORKING_STATUSES = ['pending', 'open', 'trigger_pending', 'partially_filled'] as const;
export type WorkingStatus = (typeof WORKING_STATUSES)[number];

interface EventBase {
  orderId: string;
  /** When it happened (epoch ms). */
  ts: number;
}

export type OrderEvent =
  | (EventBase & {
      type: 'accepted' /** A stop-loss order now waits for its trigger. */;
      triggerPending?: boolean;
    })
  | (EventBase & { type: 'triggered' })
  | (EventBase & { type: 'fill'; tradeId: string; qty: number; price: number })
  | (EventBase & { type: 'modify_requested' })
  | (EventBase & { type: 'modified'; quantity?: number; price?: number | null; triggerPrice?: number | null })
  | (EventBase & { type: 'modify_rejected'; reason: string })
  | (EventBase & { type: 'cancel_requested' })
  | (EventBase & { type: 'cancelled'; reason?: string })
  | (EventBase & { type: 'cancel_rejected'; reason: string })
  | (EventBase & { type: 'rejected'; reason: string })
  | (EventBase & { type: 'expired' });

export type OrderEventType = OrderEvent['type'];

type TransitionTable = Readonly<Record<OrderStatus, Partial<Record<OrderEventType, readonly OrderStatus[]>>>>;

const FILLS = ['partially_filled', 'complete'] as const;
const WORKING = ['open', 'trigger_pending', 'partially_filled'] as const;

/**
 * For each status, the events it accepts and the statuses each may lead to. Where a fill lands is decided by
 * quantities (partial vs complete); a refused modify/cancel returns to the status held before the request.
 */
export const ORDER_TRANSITIONS: TransitionTable = {
  pending: {
    accepted: ['open', 'trigger_pending'],
    fill: FILLS, // a fill may overtake the acknowledgement
    cancel_requested: ['cancel_pending'],
    cancelled: ['cancelled'],
    rejected: ['rejected'],
    expired: ['cancelled'],
  },
  open: {
    fill: FILLS,
    modify_requested: ['modify_pending'],
    modified: ['open'],
    cancel_requested: ['cancel_pending'],
    cancelled: ['cancelled'],
    rejected: ['rejected'],
    expired: ['cancelled'],
  },
  trigger_pending: {
    triggered: ['open'],
    fill: FILLS, // triggered and filled at once
    modify_requested: ['modify_pending'],
    modified: ['trigger_pending'],
    cancel_requested: ['cancel_pending'],
    cancelled: ['cancelled'],
    rejected: ['rejected'],
    expired: ['cancelled'],
  },
  partially_filled: {
    fill: FILLS,
    modify_requested: ['modify_pending'],
    modified: FILLS, // cutting the quantity down to the filled quantity completes the order
    cancel_requested: ['cancel_pending'],
    cancelled: ['cancelled'],
    expired: ['cancelled'],
  },
  modify_pending: {
    triggered: ['modify_pending'],
    fill: ['modify_pending', 'complete'],
    modified: [...WORKING, 'complete'],
    modify_rejected: WORKING,
    cancel_requested: ['cancel_pending'],
    cancelled: ['cancelled'],
    expired: ['cancelled'],
  },
  cancel_pending: {
    accepted: ['cancel_pending'], // the acknowledgement of an order whose cancel was already requested
    triggered: ['cancel_pending'],
    fill: ['cancel_pending', 'complete'],
    modified: ['cancel_pending', 'complete'], // a modify confirmed after the cancel went out
    modify_rejected: ['cancel_pending'],
    cancelled: ['cancelled'],
    cancel_rejected: ['pending', ...WORKING],
    rejected: ['rejected'],
    expired: ['cancelled'],
  },
  complete: {},
  // The one way out of a final state: the exchange filled (part of) the order before our cancel took effect and
  // the fill report arrives after the cancel confirmation. The fill is real and must be booked.
  cancelled: { fill: ['cancelled', 'complete'] },
  rejected: {},
};

const FINAL: ReadonlySet<OrderStatus> = new Set(['complete', 'cancelled', 'rejected']);

type StatusLike = OrderStatus | { status: OrderStatus };
const statusOf = (value: StatusLike): OrderStatus => (typeof value === 'string' ? value : value.status);

/** complete, cancelled and rejected: nothing more will happen (bar a late fill of a cancelled order). */
export const isFinalStatus = (value: StatusLike): boolean => FINAL.has(statusOf(value));
/** Still working at the broker (including while a modify or cancel is in flight). */
export const isOpenStatus = (value: StatusLike): boolean => !FINAL.has(statusOf(value));
export const canModify = (value: StatusLike): boolean =>
  ORDER_TRANSITIONS[statusOf(value)].modify_requested !== undefined;
export const canCancel = (value: StatusLike): boolean =>
  ORDER_TRANSITIONS[statusOf(value)].cancel_requested !== undefined;
