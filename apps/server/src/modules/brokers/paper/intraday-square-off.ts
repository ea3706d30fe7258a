import { newOrder } from './commands';
import { Change, commit, type ExchangeCore } from './exchange-core';
import { cancelOrder, evaluateOnArrival, restOrder } from './order-actions';
import { isResting } from './paper-order';

export const SQUARE_OFF_REASON = 'Intraday square-off';

/**
 * The end of the intraday session on the paper exchange: every open MIS order is cancelled and every MIS
 * position closed with a market order at the delayed LTP (or at the symbol's next price if it has none yet).
 * The square-off orders carry no client order id: the order manager learns of them from their updates.
 */
export async function squareOffIntraday(core: ExchangeCore): Promise<void> {
  const change = new Change(core.clock.now());
  for (const account of core.accounts.values()) {
    for (const order of [...account.resting.values()]) {
      if (order.product === 'intraday') cancelOrder(core, order, SQUARE_OFF_REASON, change);
    }
    for (const position of account.positions.values()) {
      if (position.product !== 'intraday' || position.netQuantity === 0) continue;
      const order = newOrder(
        core,
        account.userId,
        {
          clientOrderId: '',
          tradingSymbol: position.tradingSymbol,
          internalToken: position.internalToken,
          exchange: position.exchange,
          side: position.netQuantity > 0 ? 'sell' : 'buy',
          quantity: Math.abs(position.netQuantity),
          product: 'intraday',
          orderType: 'market',
        },
        change.now,
      );
      order.clientOrderId = undefined;
      restOrder(core, order);
      change.emit(order, { type: 'accepted', status: 'open' });
      evaluateOnArrival(core, order, change);
      if (isResting(order)) change.saveOrder(order);
    }
  }
  await commit(core, change);
}
