import type { DerivativesExchange } from '@xtrader/core/market/exchanges';
import type { ProductType, Side } from '../broker';

/**
 * One paper position: a fold of its fills, in exact paise. Realised P&L uses the average cost of the open
 * quantity: a fill that reduces the position releases its share of the open cost and books the difference; a fill
 * that flips it closes everything first and opens the rest at the fill price.
 */
export interface PaperPosition {
  userId: string;
  tradingSymbol: string;
  internalToken: string;
  exchange: DerivativesExchange;
  product: ProductType;
  /** Units; negative means short. */
  netQuantity: number;
  buyQuantity: number;
  sellQuantity: number;
  buyValuePaise: number;
  sellValuePaise: number;
  /** What the open quantity cost (long) or brought in (short), always >= 0. */
  openCostPaise: number;
  realisedPaise: number;
  /** Charges of the position's fills of the day (order-actions.ts adds each fill's). */
  chargesPaise: number;
  updatedAt: number;
}

export interface PositionFill {
  side: Side;
  quantity: number;
  pricePaise: number;
}

export const emptyPosition = (
  identity: Pick<PaperPosition, 'userId' | 'tradingSymbol' | 'internalToken' | 'exchange' | 'product'>,
  ts: number,
): PaperPosition => ({
  userId: identity.userId,
  tradingSymbol: identity.tradingSymbol,
  internalToken: identity.internalToken,
  exchange: identity.exchange,
  product: identity.product,
  netQuantity: 0,
  buyQuantity: 0,
  sellQuantity: 0,
  buyValuePaise: 0,
  sellValuePaise: 0,
  openCostPaise: 0,
  realisedPaise: 0,
  chargesPaise: 0,
  updatedAt: ts,
});

/** The position after one fill (pure). */
export function applyFill(position: PaperPosition, fill: PositionFill, ts: number): PaperPosition {
  const { side, quantity, pricePaise } = fill;
  const direction = side === 'buy' ? 1 : -1;
  const next: PaperPosition = {
    ...position,
    buyQuantity: position.buyQuantity + (side === 'buy' ? quantity : 0),
    sellQuantity: position.sellQuantity + (side === 'sell' ? quantity : 0),
    buyValuePaise: position.buyValuePaise + (side === 'buy' ? quantity * pricePaise : 0),
    sellValuePaise: position.sellValuePaise + (side === 'sell' ? quantity * pricePaise : 0),
    updatedAt: ts,
  };
  const open = Math.abs(position.netQuantity);
  if (open === 0 || Math.sign(position.netQuantity) === direction) {
    next.openCostPaise = position.openCostPaise + quantity * pricePaise;
    next.netQuantity = position.netQuantity + direction * quantity;
    return next;
  }
  const closing = Math.min(quantity, open);
  // The last unit closed releases whatever cost is left, so rounding never strands a paisa.
  const released =
    closing === open ? position.openCostPaise : Math.round((position.openCostPaise * closing) / open);
  const proceeds = closing * pricePaise;
  const wasLong = position.netQuantity > 0;
  next.realisedPaise = position.realisedPaise + (wasLong ? proceeds - released : released - proceeds);
  const rest = quantity - closing;
  next.openCostPaise = rest > 0 ? rest * pricePaise : position.openCostPaise - released;
  next.netQuantity = position.netQuantity + direction * quantity;
  return next;
}

/** Average price of the open quantity in paise (0 when flat). */
export const averageOpenPricePaise = (position: PaperPosition): number =>
  position.netQuantity === 0 ? 0 : position.openCostPaise / Math.abs(position.netQuantity);

/**
 * The position the next trading day starts with, or undefined when it was flat (a closed position leaves the
 * day's list; its orders and trades stay). The day's figures restart as if the open quantity had been bought
 * (long) or sold (short) at the previous close, so `sell value - buy value + ltp x quantity` is the day's P&L:
 * (ltp - previous close) x quantity. The open cost stays the original one: the average price, the margin of a long
 * and the realised P&L of a later exit (money) still count from what the position cost. The realised P&L and charges so
 * far are the caller's to book into the account; the new day starts at 0.
 */
export function carryForward(
  position: PaperPosition,
  previousClosePaise: number,
  ts: number,
): PaperPosition | undefined {
  const quantity = position.netQuantity;
  if (quantity === 0) return undefined;
  const carriedValuePaise = Math.abs(quantity) * previousClosePaise;
  return {
    ...position,
    buyQuantity: quantity > 0 ? quantity : 0,
    sellQuantity: quantity < 0 ? -quantity : 0,
    buyValuePaise: quantity > 0 ? carriedValuePaise : 0,
    sellValuePaise: quantity < 0 ? carriedValuePaise : 0,
    realisedPaise: 0,
    chargesPaise: 0,
    updatedAt: ts,
  };
}
