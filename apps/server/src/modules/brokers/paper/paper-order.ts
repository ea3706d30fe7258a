import type { DerivativesExchange } from '@xtrader/core/market/exchanges';
import type { BrokerOrderSnapshot, BrokerOrderType, ProductType, Side } from '../broker';
import type { TrailState } from './matching';

/** Where a paper order is. `open` on a stop-loss order means triggered and resting as a limit. */
export type PaperOrderStatus = 'open' | 'trigger_pending' | 'complete' | 'cancelled' | 'rejected';

/** One order on the paper exchange (the exchange's own record, not the order manager's). */
export interface PaperOrder {
  id: string;
  userId: string;
  clientOrderId: string | undefined;
  tradingSymbol: string;
  internalToken: string;
  exchange: DerivativesExchange;
  side: Side;
  product: ProductType;
  orderType: BrokerOrderType;
  quantity: number;
  filledQuantity: number;
  averagePrice: number;
  price: number | undefined;
  triggerPrice: number | undefined;
  status: PaperOrderStatus;
  rejectedReason: string | undefined;
  /** Margin held for this order while it rests (paise); 0 once final. */
  blockedPaise: number;
  /** Charges of the filled part so far (paise). */
  chargesPaise: number;
  /**
   * Market protection (percent) of a market or stop-market order: how far from the LTP it may walk the book.
   * Kept in memory only: an order reloaded after a restart walks with the default protection.
   */
  marketProtection: number | undefined;
  /** Broker-side trailing; referencePrice undefined until the first quote. */
  trailing: (Omit<TrailState, 'referencePrice'> & { referencePrice: number | undefined }) | undefined;
  createdAt: number;
  updatedAt: number;
}

export const isResting = (order: PaperOrder): boolean =>
  order.status === 'open' || order.status === 'trigger_pending';

export const isStopOrder = (orderType: BrokerOrderType): boolean =>
  orderType === 'stoploss' || orderType === 'stoploss_market';

/** The broker-neutral view of a paper order (listing and reconciliation). */
export function toSnapshot(order: PaperOrder): BrokerOrderSnapshot {
  return {
    brokerOrderId: order.id,
    ...(order.clientOrderId === undefined ? {} : { clientOrderId: order.clientOrderId }),
    tradingSymbol: order.tradingSymbol,
    side: order.side,
    quantity: order.quantity,
    filledQuantity: order.filledQuantity,
    averagePrice: order.averagePrice,
    status: order.status,
    orderType: order.orderType,
    ...(order.price === undefined ? {} : { price: order.price }),
    ...(order.triggerPrice === undefined ? {} : { triggerPrice: order.triggerPrice }),
    ...(order.rejectedReason === undefined ? {} : { rejectedReason: order.rejectedReason }),
    product: order.product,
    updatedTs: order.updatedAt,
  };
}
