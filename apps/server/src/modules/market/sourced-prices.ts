import type { Logger } from '../../logger';
import type { MarketData, PriceHold, PriceSourceId, PriceView, Quote, SourcedPrices } from './contract';
import type { PriceSource, PriceSources } from './price-sources';

type SourcedHandler = (source: PriceSourceId, quotes: readonly Quote[]) => void;

/**
 * Every source's prices for server-side automation. Each source gets one subscription per view, made when it comes
 * to exist, that hands its batches (tagged with its id) to every handler: the shared source's ticks cost the same
 * as before however many users have streams of their own. Retains on a user's source are remembered and made again
 * on the source that replaces it (a stream that opens after the order was watched, e.g. after a restart).
 */
export function createSourcedPrices(
  sources: Pick<PriceSources, 'shared' | 'sourceFor' | 'byId' | 'onSource'>,
  holdOf: (source: PriceSourceId, symbol: string, view: PriceView) => PriceHold | null,
  logger: Logger,
): SourcedPrices & { stop(): void } {
  // Replaced, never mutated, so a handler may unsubscribe while a batch is being handed out.
  const handlers: Record<PriceView, readonly SourcedHandler[]> = { live: [], practice: [] };
  /** Source id -> owner -> symbols, for users' sources (the shared one never is replaced). */
  const retained = new Map<PriceSourceId, Map<string, Set<string>>>();
  const subscriptions = new Map<PriceSourceId, Array<() => void>>();

  const dispatch = (id: PriceSourceId, view: PriceView) => (quotes: readonly Quote[]) => {
    for (const handler of handlers[view]) {
      try {
        handler(id, quotes);
      } catch (error) {
        logger.error({ err: error, source: id }, 'sourced quote handler failed');
      }
    }
  };

  const follow = (source: PriceSource) => {
    for (const stop of subscriptions.get(source.id) ?? []) stop();
    subscriptions.set(source.id, [
      source.data.onQuotes('live', dispatch(source.id, 'live')),
      source.data.onQuotes('practice', dispatch(source.id, 'practice')),
    ]);
    for (const [owner, symbols] of retained.get(source.id) ?? []) source.data.retain(owner, [...symbols]);
  };
  follow(sources.shared);
  const stopFollowing = sources.onSource(follow);

  const dataOf = (source: PriceSourceId): MarketData | undefined => sources.byId(source)?.data;

  return {
    sourceOf: (userId, brokerId) => sources.sourceFor(userId, brokerId).id,
    getQuote: (source, symbol, view) => dataOf(source)?.getQuote(symbol, view),
    onQuotes(view, handler) {
      handlers[view] = [...handlers[view], handler];
      return () => {
        handlers[view] = handlers[view].filter((each) => each !== handler);
      };
    },
    retain(source, owner, symbols) {
      if (source !== sources.shared.id) {
        const owners = retained.get(source) ?? new Map<string, Set<string>>();
        retained.set(source, owners);
        const held = owners.get(owner) ?? new Set<string>();
        owners.set(owner, held);
        for (const symbol of symbols) held.add(symbol);
      }
      dataOf(source)?.retain(owner, symbols);
    },
    release(source, owner, symbols) {
      const owners = retained.get(source);
      const held = owners?.get(owner);
      if (held) {
        if (symbols) for (const symbol of symbols) held.delete(symbol);
        if (!symbols || held.size === 0) owners?.delete(owner);
        if (owners?.size === 0) retained.delete(source);
      }
      dataOf(source)?.release(owner, symbols);
    },
    holdOf,
    stop() {
      stopFollowing();
      for (const stops of subscriptions.values()) for (const stop of stops) stop();
      subscriptions.clear();
    },
  };
}

/**
 * One source for everyone (`sim`): what the order engine and profit protection read when they are built without
 * users' sources (tests, benches). Nothing is ever held.
 */
export function singleSource(data: MarketData): SourcedPrices {
  const shared: PriceSourceId = 'sim';
  return {
    sourceOf: () => shared,
    getQuote: (_source, symbol, view) => data.getQuote(symbol, view),
    onQuotes: (view, handler) => data.onQuotes(view, (quotes) => handler(shared, quotes)),
    retain: (_source, owner, symbols) => data.retain(owner, symbols),
    release: (_source, owner, symbols) => data.release(owner, symbols),
    holdOf: () => null,
  };
}
