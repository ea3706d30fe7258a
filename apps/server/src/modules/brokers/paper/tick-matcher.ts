import type { PriceSourceId, Quote } from '../../market/contract';
import { Change, commit, type ExchangeCore } from './exchange-core';
import { touchOf } from './matching';
import { marketOf, matchOrder, trailOrder, triggerOrder } from './order-actions';

/**
 * The tick path: for each quote of the Practice Mode view, act on the orders its prices reach (triggers on the
 * LTP, limits on the bid or ask). The order book hands over only the crossed limits, reached triggers, market
 * orders still to fill and trailing stops, so the cost of a tick grows with what it does, not with how many
 * orders rest. Orders of one tick share its book: what one takes the next does not find (market orders first,
 * then triggered stops, then limits by price). Everything one batch of quotes causes is committed as one change.
 * Resolves when the fills and triggers are recorded.
 */
export function matchQuotes(
  core: ExchangeCore,
  quotes: readonly Quote[],
  source: PriceSourceId,
): Promise<void> | undefined {
  let change: Change | undefined;
  // Only the accounts this source prices act on its ticks (a user with their own broker stream fills on it).
  const priced = (order: { userId: string }) => core.prices.sourceOf(order.userId) === source;
  for (const quote of quotes) {
    if (!core.book.watches(quote.symbol)) continue;
    const market = marketOf(quote);
    const found = core.book.due(quote.symbol, market.ltp, touchOf(market.book));
    if (!found) continue;
    const due = {
      awaiting: found.awaiting.filter(priced),
      triggered: found.triggered.filter(priced),
      crossed: found.crossed.filter(priced),
      trailing: found.trailing.filter(priced),
    };
    change ??= new Change(core.clock.now());
    // Each list is a copy; an order acted on earlier in this tick is skipped by its status.
    for (const order of due.awaiting) {
      if (order.status === 'open') matchOrder(core, order, market, change);
    }
    for (const order of due.triggered) {
      if (order.status === 'trigger_pending') triggerOrder(core, order, market, change);
    }
    for (const order of due.crossed) {
      if (order.status === 'open') matchOrder(core, order, market, change);
    }
    for (const order of due.trailing) {
      if (order.status === 'trigger_pending') trailOrder(core, order, market.ltp, change);
    }
  }
  return change ? commit(core, change) : undefined;
}
