import type { UpdateChannel } from '../live-kit/links';
import {
  createStreamWithPollingChannel,
  jsonFrame,
  type StreamChannelDeps,
} from '../live-kit/stream-with-polling';

// How Dhan's order reports reach us: its live order-update WebSocket (`wss://api-order-update.dhan.co`) while it is
// up, the order book polled while it is down (the kit's stream-with-polling channel). Dhan takes the login as the
// first message, `{LoginReq: {MsgCode: 42, ClientId, Token}, UserType: "SELF"}`, then sends
// `{Type: "order_alert", Data: {...}}` for every change of the user's orders; its other frames (acknowledgements,
// heartbeats) carry nothing to act on. An alert is a doorbell: the order book is read and the kit's tracker reports
// what changed, so a partial or unfamiliar alert never loses anything; Dhan's book can lag its alert, so a read that
// shows nothing new is repeated a few times.

/** `stream`: the WebSocket is up; `polling`: it is down (or still connecting) and the order book is polled. */
export type DhanChannelState = 'stream' | 'polling';

export interface DhanUpdateChannelDeps extends StreamChannelDeps {
  url: string;
  /** Pause before the first reconnect; it doubles up to 30 s. */
  retryMs?: number;
}

export function createDhanUpdateChannel(deps: DhanUpdateChannelDeps): UpdateChannel<DhanChannelState> {
  return createStreamWithPollingChannel<DhanChannelState>(deps, {
    name: 'dhan',
    states: { streaming: 'stream', polling: 'polling' },
    target: (_userId, account) => {
      const accessToken = account.secrets.accessToken;
      if (!accessToken || !account.clientId) return undefined;
      const login = {
        LoginReq: { MsgCode: 42, ClientId: account.clientId, Token: accessToken },
        UserType: 'SELF',
      };
      return { url: deps.url, greeting: [JSON.stringify(login)] };
    },
    frame: (_userId, frame) => (jsonFrame(frame.text)?.Type === 'order_alert' ? 'doorbell' : 'ignore'),
    retry: { firstMs: deps.retryMs ?? 1000, maxMs: 30_000 },
    bookLagsStream: true,
  });
}
