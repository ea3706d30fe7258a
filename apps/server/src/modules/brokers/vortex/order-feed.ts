import { brokerEndpoint } from '../live-kit/endpoints';
import type { UpdateChannel } from '../live-kit/links';
import { createStreamWithPollingChannel, type StreamChannelDeps } from '../live-kit/stream-with-polling';

// Rupeezy's order updates: its WebSocket ("wire", `?auth_token=<access token>`) sends a text message for every
// change of the user's orders (binary messages are prices, which we do not subscribe to). A message is taken as a
// doorbell to read the order book, which stays the one source of truth: the kit's catch-up then reports exactly what
// changed, whatever the message's own shape (and reads again when Rupeezy's book lags its message). The kit's
// stream-with-polling channel polls the book while the socket is down and retries it with a growing delay.
// Rupeezy documents no heartbeat on this socket, so a line that dies without closing would go unnoticed: while the
// socket is open the order book is still read every half minute as a safety net.

export const VORTEX_WIRE_URL = 'wss://wire.rupeezy.in/ws';

export type VortexFeedState = 'connected' | 'polling';

/** How often the order book is read while the socket is open (see above). */
const SAFETY_POLL_MS = 30_000;

export interface VortexOrderFeedDeps extends StreamChannelDeps {
  baseUrl: string | undefined;
  /** How often the order book is read while the socket is open (default half a minute). */
  safetyPollMs?: number;
  /** The socket's retry delays: the first, doubled up to the last. */
  retryMs?: { first: number; max: number };
}

export function createVortexOrderFeed(deps: VortexOrderFeedDeps): UpdateChannel<VortexFeedState> {
  const retryMs = deps.retryMs ?? { first: 1000, max: 30_000 };
  return createStreamWithPollingChannel<VortexFeedState>(deps, {
    name: 'rupeezy',
    states: { streaming: 'connected', polling: 'polling' },
    target: (_userId, account) => {
      const token = account.secrets.accessToken;
      if (!token) return undefined;
      const url = new URL(brokerEndpoint(VORTEX_WIRE_URL, deps.baseUrl));
      url.searchParams.set('auth_token', token);
      return { url };
    },
    frame: (_userId, frame) => (frame.binary ? 'ignore' : 'doorbell'),
    retry: { firstMs: retryMs.first, maxMs: retryMs.max },
    pollWhileStreamingMs: deps.safetyPollMs ?? Math.max(SAFETY_POLL_MS, deps.pollMs),
    bookLagsStream: true,
  });
}
