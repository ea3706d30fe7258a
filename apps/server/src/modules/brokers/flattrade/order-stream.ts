import type { UpdateChannel } from '../live-kit/links';
import {
  createStreamWithPollingChannel,
  type FrameMeaning,
  jsonFrame,
  type StreamChannelDeps,
  type StreamLine,
} from '../live-kit/stream-with-polling';

// Flattrade's order feed on Noren's WebSocket: connect with `{t: "a", uid, actid, source: "API", accesstoken}`, the
// ack `{t: "ak", s: "OK"}`, then `{t: "o", actid}` subscribes the account's order updates, which arrive as
// `{t: "om", ...order fields}`; `{t: "h"}` every 30 s keeps the line alive. The kit's stream-with-polling channel
// polls the order book while the feed is not acknowledged, retries the socket and catches up on each connection.

/** The documented order-feed endpoint (moved by XT_FLATTRADE_BASE_URL like every other host). */
export const FLATTRADE_STREAM_URL = 'wss://piconnect.flattrade.in/PiConnectWSAPI/';

export type FlattradeStreamState = 'connected' | 'reconnecting';

export interface FlattradeStreamDeps extends StreamChannelDeps {
  url: string;
  /** Wait before a new connection attempt. */
  reconnectMs?: number;
  heartbeatMs?: number;
  /** One `om` message as the feed sent it. */
  deliver(userId: string, message: Record<string, unknown>): void;
}

/** What a feed frame means: the session's acknowledgement (then the order subscription goes out), an order. */
function frameMeaning(
  userId: string,
  text: string,
  line: StreamLine,
  deps: FlattradeStreamDeps,
): FrameMeaning {
  const message = jsonFrame(text);
  if (!message) return 'ignore';
  if (message.t === 'ak') {
    if (String(message.s ?? message.stat ?? '').toUpperCase() !== 'OK') return 'refused';
    line.send(JSON.stringify({ t: 'o', actid: line.account.clientId }));
    return 'live';
  }
  if (message.t === 'om') deps.deliver(userId, message);
  return 'ignore';
}

export function createFlattradeStreamChannel(deps: FlattradeStreamDeps): UpdateChannel<FlattradeStreamState> {
  const reconnectMs = deps.reconnectMs ?? 5000;
  return createStreamWithPollingChannel<FlattradeStreamState>(deps, {
    name: 'flattrade',
    states: { streaming: 'connected', polling: 'reconnecting' },
    target(_userId, account) {
      const login = {
        t: 'a',
        uid: account.clientId,
        actid: account.clientId,
        source: 'API',
        accesstoken: account.secrets.accessToken,
      };
      return { url: deps.url, greeting: [JSON.stringify(login)] };
    },
    liveOn: 'ack',
    frame: (userId, frame, line) => frameMeaning(userId, frame.text, line, deps),
    heartbeat: { everyMs: deps.heartbeatMs ?? 30_000, frame: () => JSON.stringify({ t: 'h' }) },
    retry: { firstMs: reconnectMs, maxMs: reconnectMs },
  });
}
