import type { UpdateChannel } from '../live-kit/links';
import { createStreamWithPollingChannel, type StreamChannelDeps } from '../live-kit/stream-with-polling';
import type { BrokerAccount } from '../vault';
import { isOrderUpdate } from './order-socket-message';

// Fyers' order updates on the kit's stream-with-polling channel: its order WebSocket for speed, the order-book poll
// as the safety net. The poll keeps running while the socket is up (a missed or misread socket message is caught at
// the next poll, and the kit's tracker reports each change once whichever delivers it first); an order push is a
// doorbell that reads the book at once (order-socket-message.ts); when the socket drops it is reopened after a pause
// and the session catches up on what happened meanwhile.

/** The documented order socket; `XT_FYERS_BASE_URL` moves it to the same path on the base URL (ws://). */
export const FYERS_ORDER_SOCKET_URL = 'wss://socket.fyers.in/trade/v3';

export type FyersChannelState = 'streaming' | 'polling';

export interface FyersOrderChannelDeps extends StreamChannelDeps {
  url: string;
  /** `<app_id>:<access_token>` for the account's socket, undefined when it cannot connect. */
  authorization(account: BrokerAccount): string | undefined;
  reconnectMs?: number;
  pingMs?: number;
}

export function createFyersOrderChannel(deps: FyersOrderChannelDeps): UpdateChannel<FyersChannelState> {
  const reconnectMs = deps.reconnectMs ?? 5000;
  return createStreamWithPollingChannel<FyersChannelState>(deps, {
    name: 'fyers',
    states: { streaming: 'streaming', polling: 'polling' },
    target: (_userId, account) => {
      const authorization = deps.authorization(account);
      if (!authorization) return undefined;
      return {
        url: deps.url,
        headers: { Authorization: authorization },
        greeting: [JSON.stringify({ T: 'SUB_ORD', SLIST: ['orders'], SUB_T: 1 })],
      };
    },
    frame: (_userId, frame) => (isOrderUpdate(frame.text) ? 'doorbell' : 'ignore'),
    heartbeat: { everyMs: deps.pingMs ?? 10_000, frame: () => 'ping' },
    retry: { firstMs: reconnectMs, maxMs: reconnectMs },
    pollWhileStreamingMs: deps.pollMs,
  });
}
