import { isFinalStatus } from '@xtrader/core/orders/order-status';
import type { OrderRecord } from './record';

// Hybrid stop: a Local stop (held in the server) backed by a wider disaster stop-loss resting at the broker. When
// the local stop fires, its market order waits until the disaster stop is cancelled (or has filled), so the two
// can never both close the position and flip it.

/** A Local stop placed with a disaster stop behind it (the order itself or a bracket's/cover's stop-loss leg). */
export const isHybridLocalStop = (order: OrderRecord): boolean =>
  order.workflow.hybridStop !== undefined &&
  order.orderType === 'stoploss' &&
  order.trailing?.handler === 'local' &&
  order.kind === 'broker';

/** A hybrid Local stop that fired and has not been sent: it waits for its disaster stop to end first. */
export const firedAwaitingDisaster = (order: OrderRecord): boolean =>
  isHybridLocalStop(order) &&
  order.trailing?.held === false &&
  order.brokerOrderId === null &&
  !isFinalStatus(order.state);
