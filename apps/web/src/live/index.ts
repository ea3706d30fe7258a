// Live market data in the browser: one WebSocket (docs/websocket.md), a price store read per symbol, hooks.

export {
  useConnectionStatus,
  useLiveConnection,
  useLiveNotifications,
  useLiveSymbols,
  useLtp,
  useQuote,
} from './hooks';
export { createLiveFeed, type LiveFeed, liveFeed } from './live-feed';
export type { ConnectionStatus } from './live-socket';
export type { LiveQuote } from './price-store';
