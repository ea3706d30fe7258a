import type { PlaceOrderRequest } from '@xtrader/core/api/orders';
import { ICEBERG_MAX_LEGS, ICEBERG_MIN_LEGS } from '@xtrader/core/orders/constants';
import { icebergLegs } from '@xtrader/core/orders/quantity-rules';
import { DomainError } from '../../../domain-error';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { OrderContext } from '../context/context';
import { ORDER_ERRORS } from '../model/messages';
import { maxPerRequestOf, type Tradable, tradableOf } from '../model/tradable';

// Checks of an order payload that need more than its schema: the instrument, lots, categories, trailing, icebergs.

const USER_CATEGORIES = new Set(['single', 'oco', 'cover']);

/** The contract an order payload trades, after checking it exists, is live and matches the payload. */
export function resolveTradable(
  ctx: Pick<OrderContext, 'instruments' | 'indexTable' | 'clock'>,
  body: PlaceOrderRequest,
): Tradable {
  const directory: InstrumentDirectory = ctx.instruments;
  const instrument = directory.byToken(body.internalToken);
  const tradable = instrument ? tradableOf(instrument, ctx.indexTable) : undefined;
  if (!instrument || !tradable) throw new DomainError('bad_request', ORDER_ERRORS.unknownInstrument);
  if (tradable.exchange !== body.exchange)
    throw new DomainError('bad_request', ORDER_ERRORS.exchangeMismatch(tradable.exchange));
  if (directory.isExpired(instrument, ctx.clock.now()))
    throw new DomainError('bad_request', ORDER_ERRORS.expired);
  if (body.quantity % tradable.lotSize !== 0)
    throw new DomainError('bad_request', ORDER_ERRORS.lotMultiple(tradable.lotSize));
  return tradable;
}

/**
 * Refuses a quantity of `tradable` above what one order may carry: MAX_SLICES_PER_ORDER freeze slices, which go
 * out together. `field` names the request field in the 400 (quantity, or the follow-up's).
 */
export function checkSliceCap(
  ctx: Pick<OrderContext, 'indexTable'>,
  tradable: Tradable,
  quantity: number,
  field = 'quantity',
): void {
  const max = maxPerRequestOf(tradable, ctx.indexTable);
  if (quantity <= max) return;
  const { index, maxPerOrder } = tradable;
  const message = index
    ? ORDER_ERRORS.aboveOrderCap(quantity, index, maxPerOrder)
    : ORDER_ERRORS.aboveQuantityCap(quantity, max);
  throw new DomainError('bad_request', `${field}: ${message}`);
}

/**
 * Category and trailing requests a user may make (exit legs and follow-ups are the product's own). Trailing is for
 * a single stop-loss order, or for the stop-loss leg of a bracket or cover entry. Broker trailing works on every
 * broker: handed to it where it trails natively, else emulated by modifying the resting stop-loss.
 */
export function checkOrderOptions(body: PlaceOrderRequest): void {
  if (!USER_CATEGORIES.has(body.orderCategory)) {
    throw new DomainError(
      'bad_request',
      'orderCategory: Only single, oco (bracket) and cover orders can be placed',
    );
  }
  if (!body.trailingEnabled) return;
  const singleStop = body.orderCategory === 'single' && body.orderType === 'stoploss';
  if (!singleStop && !hasStopLeg(body)) {
    throw new DomainError('bad_request', `trailingEnabled: ${ORDER_ERRORS.trailingOnlySingleSl}`);
  }
}

/** Bracket and cover entries get a stop-loss leg once they fill: that leg is what their auto trail trails. */
export const hasStopLeg = (body: Pick<PlaceOrderRequest, 'orderCategory'>): boolean =>
  body.orderCategory === 'oco' || body.orderCategory === 'cover';

/**
 * Leg quantities of an iceberg: the requested number of legs, or by default as few as keep every leg within the
 * freeze limit (at least two). Each leg is whole lots and at most the freeze quantity; at most 50 legs.
 */
export function icebergPlan(
  quantity: number,
  tradable: Tradable,
  requestedLegs: number | undefined,
): number[] {
  const { lotSize, maxPerOrder } = tradable;
  const lots = quantity / lotSize;
  const needed = Math.ceil(quantity / maxPerOrder);
  if (needed > ICEBERG_MAX_LEGS)
    throw new DomainError('bad_request', ORDER_ERRORS.icebergTooLarge(ICEBERG_MAX_LEGS));
  const legCount = requestedLegs ?? Math.min(Math.max(ICEBERG_MIN_LEGS, needed), lots);
  // A single lot cannot be split: it goes out as one leg.
  if (requestedLegs === undefined && legCount < ICEBERG_MIN_LEGS) return [quantity];
  const split = icebergLegs(quantity, lotSize, legCount);
  if (!split.ok) {
    const field = split.error.code === 'invalid_iceberg_legs' ? 'icebergLegs' : 'quantity';
    throw new DomainError('bad_request', `${field}: ${split.error.message}`);
  }
  if (split.legs.some((leg) => leg > maxPerOrder)) {
    throw new DomainError('bad_request', ORDER_ERRORS.icebergLegAboveFreeze(maxPerOrder));
  }
  return split.legs;
}
