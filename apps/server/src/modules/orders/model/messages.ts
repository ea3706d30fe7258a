import { formatNumber } from '@xtrader/core/format/format';
import { aboveRequestCapMessage } from '@xtrader/core/orders/quantity-rules';

// Every message the order endpoints answer with; the success texts are shared with the web app through core.

export { cancelledMessage, ORDER_SUCCESS } from '@xtrader/core/api/order-messages';

/** A bulk action some of whose orders were refused: how many, and each refused order with its reason. */
export const bulkRefusedMessage = (
  refused: readonly { orderId: string; message?: string }[],
  total: number,
) =>
  `${refused.length} of ${total} orders refused: ${refused.map((r) => `${r.orderId} (${r.message})`).join(', ')}`;

export const ORDER_ERRORS = {
  noBroker: 'No active broker. Log in with your broker or start Practice Mode to trade.',
  notFound: 'Order not found',
  otherBroker: (brokerId: string) =>
    `This order was placed through ${brokerId}; switch back to that broker to manage it.`,
  unknownInstrument: 'internalToken: Unknown instrument',
  exchangeMismatch: (exchange: string) => `exchange: The instrument trades on ${exchange}`,
  expired: 'internalToken: The instrument has expired',
  lotMultiple: (lot: number) => `quantity: Quantity should be a multiple of the lot size (${lot})`,
  alreadyFinal: (status: string) => `The order is already ${status}`,
  notModifiable: 'The order cannot be modified right now; a previous change is still being processed',
  notCancellable: 'The order cannot be cancelled right now',
  stillPlacing: 'The order is still being placed; try again in a moment',
  marketHasNoPrice: 'triggerPrice: A market order has no price to modify',
  groupQuantity: 'quantity: The quantity of a sliced or iceberg order cannot be modified',
  aboveFreeze: (max: number) => `quantity: At most ${max} can be sent in one order`,
  aboveOrderCap: aboveRequestCapMessage,
  aboveQuantityCap: (quantity: number, max: number) =>
    `Quantity ${quantity} is above the most one order may carry: ${formatNumber(max)}`,
  belowFilled: (filled: number) => `quantity: Quantity cannot be below the filled quantity (${filled})`,
  trailingOnlySingleSl: 'Trailing is available only on single stop-loss orders',
  trailingInternal: 'The trailing mode of an internal order cannot be changed',
  trailingAlreadyOn: 'Trailing is already on for this order; stop it before changing the trailing mode',
  trailingOff: 'Trailing is not on for this order',
  trailingHeld: 'This stop-loss is held by X-Trader (Local), not at the broker; it can trail only locally',
  trailingLimitReached: (brokerId: string, limit: number) =>
    `Trailing stopped: ${brokerId} allows ${limit} modifications per order, and all were used. The stop-loss stays at its last trigger.`,
  noPrice: (symbol: string) => `No price for ${symbol} yet; try again in a moment`,
  positionSide: 'quantity: The exit quantity must have the sign of the position (negative for a short)',
  icebergTooLarge: (legs: number) => `quantity: An iceberg order can have at most ${legs} legs`,
  icebergLegAboveFreeze: (max: number) =>
    `icebergLegs: Each leg must be at most the freeze quantity (${max}); use more legs`,
  followUp: (message: string) => `metaData.followUp: ${message}`,
  followUpNoInstrument: 'Follow-up not armed: no instrument was chosen for it',
  followUpUnknown: (named: string) => `Follow-up not armed: unknown instrument ${named}`,
  followUpExpired: (symbol: string) => `Follow-up not armed: ${symbol} has expired`,
  withdrawn: 'Cancelled before it was sent to the broker',
  idempotencyKeyReused: 'Idempotency-Key reused with a different order',
  notConfirmed: 'The broker did not confirm the order before a server restart; please place it again',
  brokerUnreachable: (reason: string) => `Could not reach the broker: ${reason}`,
  outsideOtrBand: (trigger: number, lastPrice: number, low: number, high: number) =>
    `triggerPrice: ${trigger} is too far from the last price ${lastPrice}: exchanges count option modifications beyond 40% of the last price (or Rs 20) against the order-to-trade ratio. Use a trigger from ${low} to ${high}.`,
  stopTakenOver: (identifier: string, reason: string) =>
    `The broker ended your stop-loss on ${identifier} (${reason}). X-Trader now holds the stop and sends a market order when the price reaches its trigger.`,
  targetLost: (identifier: string, reason: string) =>
    `The broker ended your target order on ${identifier} (${reason}). Your stop-loss still protects the position; place a new target if you want one.`,
} as const;
