import { modifyOrder } from '../../api/order-requests';
import { liveFeed } from '../../live';
import type { RepriceDeps } from './auto-reprice';

const orUndefined = (value: number | null | undefined) => (value == null ? undefined : value);

/** The auto re-price on the app's live feed and order API. */
export const liveRepriceDeps: RepriceDeps = {
  touch: (symbol) => {
    const quote = liveFeed.prices.get(symbol);
    return quote ? { bid: orUndefined(quote.bid), ask: orUndefined(quote.ask) } : undefined;
  },
  onQuote: (symbol, onChange) => liveFeed.prices.subscribe(symbol, onChange),
  retain: (symbol) => liveFeed.retain([symbol]),
  // A refused modification ends the watcher quietly: most often the order has just filled.
  modify: (orderId, price) =>
    modifyOrder({ orderId, triggerPrice: price }).then(
      () => true,
      () => false,
    ),
  setTimer: (run, ms) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};
