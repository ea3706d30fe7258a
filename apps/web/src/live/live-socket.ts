import {
  type LiveServerMessage,
  liveServerMessageSchema,
  MAX_SYMBOLS_PER_MESSAGE,
} from '@xtrader/core/api/live';

/** idle: not started; connecting: opening or waiting to retry; open: live; unauthorized: the token was refused. */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'unauthorized';

/** The parts of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveSocketOptions {
  /** Builds the socket URL for a token. */
  url: (token: string) => string;
  onMessage: (message: LiveServerMessage) => void;
  onStatus?: (status: ConnectionStatus) => void;
  createSocket?: (url: string) => SocketLike;
  /** First retry delay; each failure doubles it up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Uniform in [0, 1); jitter spreads reconnecting clients apart. */
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const OPEN = 1;
const CLOSE_UNAUTHORIZED = 4401;
const NORMAL_CLOSURE = 1000;

/**
 * The live-data socket: connects with the access token, keeps the wanted symbols and subscribes them again after
 * every reconnect, and reconnects with exponential backoff and jitter after any drop, except a refused token.
 */
export class LiveSocket {
  private socket: SocketLike | undefined;
  private token: string | undefined;
  private readonly wanted = new Set<string>();
  private attempt = 0;
  private retryTimer: unknown;
  private current: ConnectionStatus = 'idle';

  constructor(private readonly options: LiveSocketOptions) {}

  get status(): ConnectionStatus {
    return this.current;
  }

  /** Connects with `token` (reconnects if it changed). */
  connect(token: string): void {
    if (this.token === token && this.current !== 'idle' && this.current !== 'unauthorized') return;
    this.disconnect();
    this.token = token;
    this.open();
  }

  /** Closes for good (logout); subscriptions are kept for the next connect. */
  disconnect(): void {
    this.token = undefined;
    this.cancelRetry();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(NORMAL_CLOSURE, 'Client closed');
    }
    this.attempt = 0;
    this.setStatus('idle');
  }

  subscribe(symbols: readonly string[]): void {
    const fresh = symbols.filter((symbol) => !this.wanted.has(symbol));
    for (const symbol of fresh) this.wanted.add(symbol);
    this.send('subscribe', fresh);
  }

  unsubscribe(symbols: readonly string[]): void {
    const gone = symbols.filter((symbol) => this.wanted.delete(symbol));
    this.send('unsubscribe', gone);
  }

  /** The delay before retry number `attempt` (0-based): doubling, capped, with "equal jitter". */
  retryDelay(attempt: number): number {
    const ceiling = Math.min(
      this.options.maxDelayMs ?? 15_000,
      (this.options.baseDelayMs ?? 500) * 2 ** attempt,
    );
    return Math.round(ceiling / 2 + (ceiling / 2) * (this.options.random ?? Math.random)());
  }

  private open(): void {
    if (!this.token) return;
    this.setStatus('connecting');
    const create =
      this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.options.url(this.token));
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      this.send('subscribe', [...this.wanted]);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (event.code === CLOSE_UNAUTHORIZED) this.setStatus('unauthorized');
      else this.scheduleRetry();
    };
    // Browsers follow an error with a close event, which schedules the retry.
    socket.onerror = () => {};
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = liveServerMessageSchema.safeParse(json);
    if (parsed.success) this.options.onMessage(parsed.data);
  }

  private send(action: 'subscribe' | 'unsubscribe', symbols: readonly string[]): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || symbols.length === 0) return;
    for (let start = 0; start < symbols.length; start += MAX_SYMBOLS_PER_MESSAGE) {
      socket.send(JSON.stringify({ action, symbols: symbols.slice(start, start + MAX_SYMBOLS_PER_MESSAGE) }));
    }
  }

  private scheduleRetry(): void {
    this.setStatus('connecting');
    const delay = this.retryDelay(this.attempt);
    this.attempt += 1;
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.retryTimer = setTimer(() => {
      this.retryTimer = undefined;
      this.open();
    }, delay);
  }

  private cancelRetry(): void {
    if (this.retryTimer === undefined) return;
    (this.options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>)))(
      this.retryTimer,
    );
    this.retryTimer = undefined;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus?.(status);
  }
}
