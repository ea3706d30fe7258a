import type { Quote } from '../../market/contract';
import { Change, commit, type ExchangeCore } from './exchange-core';
import { fillMarketOrder, fillOrder, trailOrder, triggerOrder } from './order-actions';

/**
 * The tick path: for each quote of the Practice Mode view, act on the orders its price reaches. The order book
 * hands over only the crossed limits, reached triggers, orders waiting for a first price and trailing stops, so
 * the cost of a tick grows with what it does, not with how many orders rest. Everything one batch of quotes
 * causes is committed as one change. Resolves when the fills and triggers are recorded.
 */
export function matchQuotes(core: ExchangeCore, quotes: readonly Quote[]): Promise<void> | undefined {
  let change: Change | undefined;
  for (const quote of quotes) {
    const due = core.book.due(quote.symbol, quote.lastPrice);
    if (!due) continue;
    change ??= new Change(core.clock.now());
    const ltp = quote.lastPrice;
    // Each list is a copy; an order acted on earlier in this tick is skipped by its status.
    for (const order of due.awaiting) {
      if (order.status === 'open' && order.orderType === 'market') fillMarketOrder(core, order, ltp, change);
    }
    for (const order of due.triggered) {
      if (order.status === 'trigger_pending') triggerOrder(core, order, ltp, change);
    }
    for (const order of due.crossed) {
      if (order.status === 'open' && order.price !== undefined) fillOrder(core, order, order.price, change);
    }
    for (const order of due.trailing) {
      if (order.status === 'trigger_pending') trailOrder(core, order, ltp, change);
    }
  }
  return change ? commit(core, change) : undefined;
}
