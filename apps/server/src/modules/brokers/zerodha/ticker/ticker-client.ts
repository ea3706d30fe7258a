import WebSocket from 'ws';
import type { Logger } from '../../../../logger';
import { type KiteTick, parseFrame, type TickMode } from './packets';

// Our KiteTicker client on `ws` (the official one keeps module-level state, exits the process when it gives up and
// forgets subscriptions on reconnect). One instance per Zerodha session: it carries that user's order updates and,
// for the account chosen as the market-data source, the live ticks. It reconnects for ever with capped backoff,
// resubscribes every token in its mode, treats silence (no heartbeat) as a dead line, and stops only when Kite
// refuses the token (HTTP 403 at the upgrade), which means the session expired.

export type TickerState = 'connecting' | 'connected' | 'disconnected' | 'token_expired' | 'closed';

export interface TickerTiming {
  /** First reconnect delay; doubles each failed attempt. */
  minDelayMs: number;
  maxDelayMs: number;
  /** No frame (ticks or the 1 s heartbeat) for this long means the connection is dead. */
  silenceMs: number;
}

const DEFAULT_TICKER_TIMING: TickerTiming = { minDelayMs: 1000, maxDelayMs: 60_000, silenceMs: 5000 };

interface KiteTickerEvents {
  ticks?(ticks: KiteTick[]): void;
  /** A `{"type":"order"}` message's data: the account's order, postback-shaped. */
  order?(data: unknown): void;
  /** Every state change; `connected` after a reconnect means updates may have been missed meanwhile. */
  state?(state: TickerState, reconnected: boolean): void;
}

export interface KiteTickerOptions {
  url: string;
  apiKey: string;
  accessToken: string;
  logger: Logger;
  timing?: Partial<TickerTiming>;
  events: KiteTickerEvents;
}

export class KiteTickerClient {
  private socket: WebSocket | undefined;
  private readonly modes = new Map<number, TickMode>();
  private readonly timing: TickerTiming;
  private attempt = 0;
  private everConnected = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  state: TickerState = 'disconnected';

  constructor(private readonly options: KiteTickerOptions) {
    this.timing = { ...DEFAULT_TICKER_TIMING, ...options.timing };
  }

  get connected(): boolean {
    return this.state === 'connected';
  }

  connect(): void {
    if (this.state === 'closed' || this.state === 'token_expired' || this.socket) return;
    const url = new URL(this.options.url);
    url.searchParams.set('api_key', this.options.apiKey);
    url.searchParams.set('access_token', this.options.accessToken);
    this.setState('connecting');
    const socket = new WebSocket(url, { headers: { 'X-Kite-Version': '3' } });
    this.socket = socket;
    socket.binaryType = 'nodebuffer';
    socket.on('open', () => this.opened());
    socket.on('message', (data, isBinary) => this.received(data as Buffer, isBinary));
    socket.on('unexpected-response', (request, response) => {
      // The refused upgrade is ours to end (ws leaves it open once this is listened to).
      request.on('error', () => undefined);
      response.on('error', () => undefined);
      response.destroy();
      // Kite answers the upgrade with 403 when the access token is not (or no longer) valid.
      if (response.statusCode === 403) this.setState('token_expired');
      socket.terminate();
    });
    socket.on('error', (error) => this.options.logger.debug({ err: error }, 'kite ticker socket error'));
    socket.on('close', () => this.closed(socket));
  }

  /** Adds tokens (in `mode`, default quote) to the subscription; sent now if connected, else on connect. */
  subscribe(tokens: readonly number[], mode: TickMode = 'quote'): void {
    const fresh = tokens.filter((token) => this.modes.get(token) !== mode);
    for (const token of fresh) this.modes.set(token, mode);
    if (fresh.length > 0 && this.connected) this.sendSubscription(fresh, mode);
  }

  unsubscribe(tokens: readonly number[]): void {
    const known = tokens.filter((token) => this.modes.delete(token));
    if (known.length > 0 && this.connected) this.send({ a: 'unsubscribe', v: known });
  }

  /** Drops the current connection and connects again at once ('Subscribe Updates'). */
  reconnectNow(): void {
    if (this.state === 'closed' || this.state === 'token_expired') return;
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    socket?.terminate();
    this.attempt = 0;
    this.connect();
  }

  /** Closes for good (no reconnect). */
  close(): void {
    this.setState('closed');
    this.clearTimers();
    this.socket?.terminate();
    this.socket = undefined;
  }

  private opened() {
    const reconnected = this.everConnected;
    this.everConnected = true;
    this.attempt = 0;
    this.watchSilence();
    const byMode = new Map<TickMode, number[]>();
    for (const [token, mode] of this.modes) byMode.set(mode, [...(byMode.get(mode) ?? []), token]);
    for (const [mode, tokens] of byMode) this.sendSubscription(tokens, mode);
    this.setState('connected', reconnected);
  }

  private sendSubscription(tokens: number[], mode: TickMode) {
    this.send({ a: 'subscribe', v: tokens });
    this.send({ a: 'mode', v: [mode, tokens] });
  }

  private send(message: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private received(data: Buffer, isBinary: boolean) {
    this.watchSilence();
    if (isBinary) {
      if (data.byteLength <= 1) return; // heartbeat
      const ticks = parseFrame(data);
      if (ticks.length > 0) this.options.events.ticks?.(ticks);
      return;
    }
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(data.toString('utf8'));
    } catch {
      return;
    }
    if (message.type === 'order') this.options.events.order?.(message.data);
    else if (message.type === 'error')
      this.options.logger.warn({ message: message.data }, 'kite ticker error');
  }

  private closed(socket: WebSocket) {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.clearTimers();
    if (this.state === 'closed' || this.state === 'token_expired') return;
    this.setState('disconnected');
    const delay = Math.min(this.timing.maxDelayMs, this.timing.minDelayMs * 2 ** this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private watchSilence() {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.options.logger.warn('kite ticker silent; reconnecting');
      this.socket?.terminate();
    }, this.timing.silenceMs);
    this.silenceTimer.unref();
  }

  private clearTimers() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.reconnectTimer = undefined;
    this.silenceTimer = undefined;
  }

  private setState(state: TickerState, reconnected = false) {
    if (this.state === 'closed' && state !== 'closed') return;
    const changed = this.state !== state;
    this.state = state;
    if (changed) this.options.events.state?.(state, reconnected);
  }
}
