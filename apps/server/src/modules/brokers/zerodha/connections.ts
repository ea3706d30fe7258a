import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { Logger } from '../../../logger';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerPriceStreams, BrokerStreamState } from '../../market/contract';
import { KiteTickerClient, type TickerState, type TickerTiming } from './ticker/ticker-client';
import { KiteUserFeed } from './ticker/user-feed';

// One KiteTicker connection per connected Zerodha user: their order updates, and their own prices, which go to
// that user's price source only (never to other users: docs/market-data.md).

/** Where users' own prices go, and the tokens of symbols. */
export interface TickerPrices {
  streams: BrokerPriceStreams;
  directory: InstrumentDirectory;
  now: () => number;
}

const STREAM_KEY = 'zerodha';

const streamState = (state: TickerState): BrokerStreamState =>
  state === 'token_expired' || state === 'closed' ? 'ended' : state;

export interface TickerHandlers {
  order(userId: string, data: unknown): void;
  /** The ticker came back after a gap: updates may have been missed. */
  reconnected(userId: string): void;
  tokenExpired(userId: string): void;
}

export interface TickerConnections {
  open(userId: string, apiKey: string, accessToken: string, tokenExpiresAt?: number | null): void;
  close(userId: string): void;
  state(userId: string): TickerState | undefined;
  reconnectNow(userId: string): void;
  closeAll(): void;
}

export function createTickerConnections(deps: {
  url: string;
  logger: Logger;
  prices: TickerPrices | undefined;
  handlers: TickerHandlers;
  timing?: Partial<TickerTiming>;
}): TickerConnections {
  deps.prices?.streams.declare(ZERODHA_BROKER_ID, STREAM_KEY);
  const tickers = new Map<string, KiteTickerClient>();
  /** Each user's own price feed, kept across tickers (a fresh login opens a new ticker for the same feed). */
  const feeds = new Map<string, KiteUserFeed>();

  const onState = (userId: string, state: TickerState, reconnected: boolean) => {
    if (state === 'connected' && reconnected) deps.handlers.reconnected(userId);
    if (state === 'token_expired') deps.handlers.tokenExpired(userId);
    deps.prices?.streams.setState(userId, STREAM_KEY, streamState(state));
  };

  const close = (userId: string) => {
    const ticker = tickers.get(userId);
    if (!ticker) return;
    ticker.close();
    tickers.delete(userId);
    feeds.get(userId)?.useSource(undefined);
    // The source stays: a live account whose session ended sees its prices go stale, not the simulator's.
    deps.prices?.streams.setState(userId, STREAM_KEY, 'ended');
  };

  const feedOf = (userId: string, prices: TickerPrices) => {
    let feed = feeds.get(userId);
    if (!feed) {
      feed = new KiteUserFeed(userId, prices.directory, prices.now);
      feeds.set(userId, feed);
    }
    return feed;
  };

  return {
    open(userId, apiKey, accessToken, tokenExpiresAt = null) {
      close(userId);
      const ticker = new KiteTickerClient({
        url: deps.url,
        apiKey,
        accessToken,
        logger: deps.logger,
        ...(deps.timing ? { timing: deps.timing } : {}),
        events: {
          ticks: (ticks) => feeds.get(userId)?.kiteTicks(ticks),
          order: (data) => deps.handlers.order(userId, data),
          state: (state, reconnected) => onState(userId, state, reconnected),
        },
      });
      tickers.set(userId, ticker);
      if (deps.prices) {
        const feed = feedOf(userId, deps.prices);
        deps.prices.streams.open({
          userId,
          brokerId: ZERODHA_BROKER_ID,
          key: STREAM_KEY,
          feed,
          tokenExpiresAt,
        });
        feed.useSource(ticker);
      }
      ticker.connect();
    },
    close,
    state: (userId) => tickers.get(userId)?.state,
    reconnectNow: (userId) => tickers.get(userId)?.reconnectNow(),
    closeAll() {
      for (const userId of [...tickers.keys()]) close(userId);
    },
  };
}
