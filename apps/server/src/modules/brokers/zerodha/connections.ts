import type { Logger } from '../../../logger';
import type { LivePriceFeed } from './ticker/live-feed';
import type { KiteTick } from './ticker/packets';
import { KiteTickerClient, type TickerState, type TickerTiming } from './ticker/ticker-client';

// One KiteTicker connection per connected Zerodha user (their order updates), and the choice of which of them also
// streams market data for everyone: the most recently connected account whose ticker is up.

export interface TickerHandlers {
  order(userId: string, data: unknown): void;
  /** The ticker came back after a gap: updates may have been missed. */
  reconnected(userId: string): void;
  tokenExpired(userId: string): void;
}

export interface TickerConnections {
  open(userId: string, apiKey: string, accessToken: string): void;
  close(userId: string): void;
  state(userId: string): TickerState | undefined;
  reconnectNow(userId: string): void;
  closeAll(): void;
}

export function createTickerConnections(deps: {
  url: string;
  logger: Logger;
  feed: LivePriceFeed | undefined;
  handlers: TickerHandlers;
  timing?: Partial<TickerTiming>;
}): TickerConnections {
  const tickers = new Map<string, KiteTickerClient>();
  /** Users in the order their tickers last connected; the last live one feeds market data. */
  const recency: string[] = [];

  const forget = (userId: string) => {
    const at = recency.indexOf(userId);
    if (at >= 0) recency.splice(at, 1);
  };

  const chooseSource = () => {
    const userId = [...recency].reverse().find((id) => tickers.get(id)?.connected);
    deps.feed?.useSource(userId ? tickers.get(userId) : undefined);
    return userId;
  };
  let source: string | undefined;

  const onState = (userId: string, state: TickerState, reconnected: boolean) => {
    if (state === 'connected') {
      forget(userId);
      recency.push(userId);
      if (reconnected) deps.handlers.reconnected(userId);
    }
    if (state === 'token_expired') deps.handlers.tokenExpired(userId);
    source = chooseSource();
  };

  const onTicks = (userId: string, ticks: KiteTick[]) => {
    if (userId === source) deps.feed?.kiteTicks(ticks);
  };

  const close = (userId: string) => {
    tickers.get(userId)?.close();
    tickers.delete(userId);
    forget(userId);
    source = chooseSource();
  };

  return {
    open(userId, apiKey, accessToken) {
      close(userId);
      const ticker = new KiteTickerClient({
        url: deps.url,
        apiKey,
        accessToken,
        logger: deps.logger,
        ...(deps.timing ? { timing: deps.timing } : {}),
        events: {
          ticks: (ticks) => onTicks(userId, ticks),
          order: (data) => deps.handlers.order(userId, data),
          state: (state, reconnected) => onState(userId, state, reconnected),
        },
      });
      tickers.set(userId, ticker);
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
