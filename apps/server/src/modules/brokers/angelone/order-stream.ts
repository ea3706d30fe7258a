import type { UpdateChannel } from '../live-kit/links';
import {
  createStreamWithPollingChannel,
  jsonFrame,
  type StreamChannelDeps,
} from '../live-kit/stream-with-polling';
import { type AngelOrder, angelOrderSchema } from './angelone-schemas';

// SmartAPI's order-status WebSocket (`wss://tns.angelone.in/smart-order-update`, `Authorization: Bearer <jwt>` on
// the handshake, a ping about every 10 s): each message carries an `order-status` code and `orderData`, the order
// as the order book shows it; `AB00` acknowledges the connection. The kit's stream-with-polling channel polls the
// order book while the socket is down (connecting, dropped, refused), retries it with a growing delay and reads the
// book once when it comes up so nothing that happened meanwhile is lost; a 401 on the handshake is a dead token.

export type AngelUpdateState = 'streaming' | 'polling';

export interface AngelStreamTiming {
  /** How often a ping keeps the socket alive. */
  pingMs: number;
  /** First retry delay after a drop; doubled per failed attempt up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
}

const DEFAULT_TIMING: AngelStreamTiming = { pingMs: 9000, retryMs: 2000, maxRetryMs: 60_000 };

export interface AngelOrderStreamDeps extends StreamChannelDeps {
  url: string;
  /** One order as the stream reported it. */
  deliver(userId: string, row: AngelOrder): void;
  /** The stream refused the token (HTTP 401 on the handshake). */
  tokenExpired(userId: string): void;
  timing?: Partial<AngelStreamTiming>;
}

/** SmartAPI's order-status codes, for a message whose `orderData` lacks its status word. */
const STATUS_WORDS: Record<string, string> = {
  AB01: 'open',
  AB02: 'cancelled',
  AB03: 'rejected',
  AB05: 'complete',
  AB07: 'cancelled',
  AB09: 'open pending',
  AB10: 'trigger pending',
  AB11: 'modify pending',
};

/** The order a stream message reports; undefined for the acknowledgement and anything unreadable. */
export function streamedOrder(text: string): AngelOrder | undefined {
  const message = jsonFrame(text);
  const code = String(message?.['order-status'] ?? '').toUpperCase();
  const data = message?.orderData as Record<string, unknown> | null | undefined;
  if (code === 'AB00' || !data?.orderid) return undefined;
  const word = STATUS_WORDS[code];
  const status = data.orderstatus || data.status || word;
  const row = angelOrderSchema.safeParse({ ...data, status, orderstatus: data.orderstatus || word });
  return row.success ? row.data : undefined;
}

export function createAngelOrderStream(deps: AngelOrderStreamDeps): UpdateChannel<AngelUpdateState> {
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  return createStreamWithPollingChannel<AngelUpdateState>(deps, {
    name: 'angel one',
    states: { streaming: 'streaming', polling: 'polling' },
    target: (_userId, account) => {
      const token = account.secrets.accessToken;
      return token ? { url: deps.url, headers: { Authorization: `Bearer ${token}` } } : undefined;
    },
    frame(userId, frame) {
      const row = streamedOrder(frame.text);
      if (row) deps.deliver(userId, row);
      return 'ignore';
    },
    heartbeat: { everyMs: timing.pingMs },
    retry: { firstMs: timing.retryMs, maxMs: timing.maxRetryMs },
    onAuthRefused: deps.tokenExpired,
  });
}
