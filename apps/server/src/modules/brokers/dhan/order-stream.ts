import WebSocket from 'ws';

// One user's connection to Dhan's live order-update WebSocket (`wss://api-order-update.dhan.co`). Dhan takes the
// login as the first message, `{LoginReq: {MsgCode: 42, ClientId, Token}, UserType: "SELF"}`, then sends
// `{Type: "order_alert", Data: {...}}` for every change of the user's orders. The socket reconnects with a growing
// pause after it drops; the channel polls meanwhile.

export type DhanStreamState = 'connecting' | 'open' | 'down';

export interface DhanOrderStreamDeps {
  url: string;
  clientId: string;
  accessToken: string;
  /** Pause before the first reconnect; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** An order changed at Dhan (the alert's data, as sent). */
  alert(data: unknown): void;
  /** The socket opened (after a drop too: updates may have been missed) or dropped. */
  state(state: DhanStreamState): void;
}

export interface DhanOrderStream {
  readonly state: DhanStreamState;
  close(): void;
}

/** Whether a frame is an order alert; Dhan's other frames (acknowledgements, heartbeats) carry nothing to act on. */
function alertOf(raw: WebSocket.RawData): { data: unknown } | undefined {
  try {
    const message = JSON.parse(raw.toString()) as { Type?: unknown; Data?: unknown };
    return message?.Type === 'order_alert' ? { data: message.Data } : undefined;
  } catch {
    return undefined;
  }
}

export function openDhanOrderStream(deps: DhanOrderStreamDeps): DhanOrderStream {
  const firstRetry = deps.retryMs ?? 1000;
  const maxRetry = deps.maxRetryMs ?? 30_000;
  let retry = firstRetry;
  let state: DhanStreamState = 'connecting';
  let socket: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const setState = (next: DhanStreamState) => {
    if (next === state && next !== 'open') return;
    state = next;
    deps.state(next);
  };

  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(deps.url, { handshakeTimeout: 10_000 });
    socket = ws;
    ws.on('open', () => {
      retry = firstRetry;
      ws.send(
        JSON.stringify({
          LoginReq: { MsgCode: 42, ClientId: deps.clientId, Token: deps.accessToken },
          UserType: 'SELF',
        }),
      );
      setState('open');
    });
    ws.on('message', (raw) => {
      const alert = alertOf(raw);
      if (alert) deps.alert(alert.data);
    });
    ws.on('error', () => {
      // 'close' follows and schedules the reconnect.
    });
    ws.on('close', () => {
      if (socket !== ws || closed) return;
      socket = undefined;
      setState('down');
      timer = setTimeout(connect, retry);
      timer.unref();
      retry = Math.min(maxRetry, retry * 2);
    });
  };

  connect();
  return {
    get state() {
      return state;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.removeAllListeners('close');
      socket?.on('error', () => undefined);
      socket?.terminate();
      socket = undefined;
    },
  };
}
