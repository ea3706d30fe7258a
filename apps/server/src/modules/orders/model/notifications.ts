import type { Notification } from '@xtrader/core/api/notifications';
import { isLogical, type OrderRecord } from './record';

const iso = (ts: number) => new Date(ts).toISOString();

/**
 * The notification an order's change deserves, if any: a rejected exchange order fails loudly; a user-level order
 * (not a freeze slice or iceberg leg, whose group speaks for them) reports its execution once it is done.
 */
export function notificationFor(before: OrderRecord, after: OrderRecord): Notification | undefined {
  const was = before.state.status;
  const now = after.state.status;
  if (was === now) return undefined;
  const base = {
    timestamp: iso(after.state.updatedAt),
    identifier: after.identifier,
    transactionType: after.side,
  };
  if (now === 'rejected' && after.kind === 'broker') {
    return {
      ...base,
      notificationType: 'order_failed',
      quantity: after.state.quantity,
      averagePrice: null,
      status: 'REJECTED',
      statusMessage: after.state.rejectedReason,
    };
  }
  if (!isLogical(after)) return undefined;
  const { filledQuantity, quantity, averagePrice } = after.state;
  if (now === 'complete') {
    return {
      ...base,
      notificationType: 'order_executed',
      quantity: filledQuantity,
      averagePrice,
      status: 'COMPLETE',
      statusMessage: after.workflow.note ?? null,
      // A stop-loss that filled: its trigger was hit (alerts tell it apart from an ordinary fill).
      ...(after.orderType === 'stoploss' || after.role === 'stoploss' ? { stopLoss: true } : {}),
    };
  }
  if (now === 'cancelled' && filledQuantity > 0) {
    return {
      ...base,
      notificationType: 'order_executed',
      quantity: filledQuantity,
      averagePrice,
      status: 'CANCELLED',
      statusMessage: `Partially filled: ${filledQuantity} of ${quantity} before the rest was cancelled`,
    };
  }
  return undefined;
}

/**
 * What the trader hears of a family whose workflow could not run (`waiting`, retried by the repair list) and of its
 * repair (`done`). `root` is the family's order, when it could be read.
 */
export function repairNotification(
  root: OrderRecord | undefined,
  phase: 'waiting' | 'done',
  ts: number,
): Notification {
  const name = root?.identifier;
  const protective = root === undefined || root.category === 'oco' || root.category === 'cover';
  const what = protective
    ? `Protective orders${name ? ` for ${name}` : ''}`
    : `Orders that follow ${name ?? 'an order'}`;
  const waiting = phase === 'waiting';
  return {
    notificationType: 'orders_repair',
    timestamp: iso(ts),
    identifier: name ?? null,
    transactionType: root?.side ?? null,
    quantity: null,
    averagePrice: null,
    status: waiting ? 'RETRYING' : 'PLACED',
    statusMessage: waiting ? `${what} could not be placed yet; retrying` : `${what} are placed`,
  };
}
