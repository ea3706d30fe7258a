import type { PriceSourceId } from '../../market/contract';
import type { OrderRecord } from '../model/record';
import type { OrderContext } from './context';

type Priced = Pick<OrderRecord, 'userId' | 'brokerId' | 'tradingSymbol' | 'priceView'>;

/** The source an order's prices come from: its user's own stream of the order's broker, else the shared one. */
export const sourceOfOrder = (
  ctx: Pick<OrderContext, 'prices'>,
  order: Pick<OrderRecord, 'userId' | 'brokerId'>,
): PriceSourceId => ctx.prices.sourceOf(order.userId, order.brokerId);

/** The last price of the order's contract in its user's source and its view; undefined before a tick. */
export const lastPriceOf = (ctx: Pick<OrderContext, 'prices'>, order: Priced): number | undefined =>
  ctx.prices.getQuote(sourceOfOrder(ctx, order), order.tradingSymbol, order.priceView)?.lastPrice;
