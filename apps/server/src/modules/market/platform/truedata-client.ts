import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import { parseTrueDataTime } from './truedata-symbols';

// A client of TrueData's real-time WebSocket (wss://push.truedata.in:8082, sandbox 8084). The protocol:
// - login in the URL (`?user=&password=`); the first message answers it: `{"success":true,"message":"TrueData Real
//   Time Data Service","segments":[...],"maxsymbols":N,...}`, or `{"success":false,"message":"..."}`;
// - `{"method":"addsymbol","symbols":[...]}` answers `{"success":true,"message":"symbols added","symbollist":[[symbol,
//   symbolID, ts, LTP, tickvol, ATP, totalvol, open, high, low, prevclose, ...], ...]}` (a snapshot per symbol);
//   `{"method":"removesymbol","symbols":[...]}` drops them;
// - ticks arrive as `{"trade":[symbolID, ts, LTP, LTQ, ATP, TTQ, open, high, low, prevclose, OI, ...]}`, keyed by
//   the numeric id the snapshot gave;
// - `{"success":true,"message":"HeartBeat","timestamp":...}` keeps the line alive.
// It reconnects for ever with capped backoff and re-adds every symbol, and treats silence (no tick nor heartbeat)
// as a dead line.

export type VendorFeedState = 'connecting' | 'connected' | 'disconnected' | 'closed';

export interface VendorTick {
  /** The vendor's symbol. */
  symbol: string;
  price: number;
  ts: number;
  /** Previous session's close, when sent. */
  close?: number;
}

export interface TrueDataTiming {
  minDelayMs: number;
  maxDelayMs: number;
  /** No frame for this long means the connection is dead. */
  silenceMs: number;
}

const DEFAULT_TIMING: TrueDataTiming = { minDelayMs: 1000, maxDelayMs: 60_000, silenceMs: 20_000 };

export interface TrueDataClientOptions {
  url: string;
  user: string;
  password: string;
  logger: Logger;
  /** Time of a tick whose time stamp is missing or unreadable. */
  now: () => number;
  timing?: Partial<TrueDataTiming>;
  events: {
    ticks?(ticks: VendorTick[]): void;
    state?(state: VendorFeedState): void;
    /**
     * The login was accepted, with the licence's symbol limit when the answer states one (`maxsymbols`). Called
     * before the symbols are added, so a change of the subscribed set here is sent with them.
     */
    login?(maxSymbols: number | undefined): void;
  };
}

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

export class TrueDataClient {
  private socket: WebSocket | undefined;
  private readonly symbols = new Set<string>();
  /** symbolID (as text) -> symbol, from the snapshots of this connection. */
  private readonly ids = new Map<string, string>();
  private readonly timing: TrueDataTiming;
  private attempt = 0;
  private loggedIn = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  state: VendorFeedState = 'disconnected';

  constructor(private readonly options: TrueDataClientOptions) {
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
  }

  connect(): void {
    if (this.state === 'closed' || this.socket) return;
    const url = new URL(this.options.url);
    url.searchParams.set('user', this.options.user);
    url.searchParams.set('password', this.options.password);
    this.setState('connecting');
    this.loggedIn = false;
    this.ids.clear();
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.on('open', () => this.watchSilence());
    socket.on('message', (data) => this.received(String(data)));
    socket.on('unexpected-response', (request, response) => {
      request.on('error', () => undefined);
      response.on('error', () => undefined);
      response.destroy();
      socket.terminate();
    });
    socket.on('error', (error) => this.options.logger.debug({ err: error }, 'truedata socket error'));
    socket.on('close', () => this.closed(socket));
  }

  subscribe(symbols: readonly string[]): void {
    const fresh = symbols.filter((symbol) => !this.symbols.has(symbol));
    for (const symbol of fresh) this.symbols.add(symbol);
    if (fresh.length > 0 && this.loggedIn) this.send({ method: 'addsymbol', symbols: fresh });
  }

  unsubscribe(symbols: readonly string[]): void {
    const known = symbols.filter((symbol) => this.symbols.delete(symbol));
    if (known.length > 0 && this.loggedIn) this.send({ method: 'removesymbol', symbols: known });
  }

  close(): void {
    this.setState('closed');
    this.clearTimers();
    if (this.loggedIn) this.send({ method: 'logout' });
    this.socket?.terminate();
    this.socket = undefined;
  }

  private received(text: string) {
    this.watchSilence();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const frame = message as Record<string, unknown>;
    if (Array.isArray(frame.trade)) {
      const tick = this.tradeTick(frame.trade);
      if (tick) this.options.events.ticks?.([tick]);
      return;
    }
    if (frame.success === false) {
      // A refused login (bad credentials, "User Already Connected") or request: log it; a refused login closes the
      // line and the backoff tries again, as an operator's expired plan or a second server may clear.
      this.options.logger.warn({ message: frame.message }, 'truedata refused');
      if (!this.loggedIn) this.socket?.terminate();
      return;
    }
    if (!this.loggedIn && frame.success === true && frame.message !== 'HeartBeat') {
      const maxSymbols = num(frame.maxsymbols);
      this.options.events.login?.(maxSymbols !== undefined && maxSymbols > 0 ? maxSymbols : undefined);
      this.loggedIn = true;
      this.attempt = 0;
      if (this.symbols.size > 0) this.send({ method: 'addsymbol', symbols: [...this.symbols] });
      this.setState('connected');
      return;
    }
    if (Array.isArray(frame.symbollist)) {
      const ticks: VendorTick[] = [];
      for (const row of frame.symbollist) {
        if (!Array.isArray(row) || typeof row[0] !== 'string') continue;
        this.ids.set(String(row[1]), row[0]);
        const price = num(row[3]);
        if (price === undefined || price <= 0) continue;
        const close = num(row[10]);
        ticks.push({
          symbol: row[0],
          price,
          ts: parseTrueDataTime(row[2]) ?? this.options.now(),
          ...(close !== undefined && close > 0 ? { close } : {}),
        });
      }
      if (ticks.length > 0) this.options.events.ticks?.(ticks);
    }
  }

  private tradeTick(trade: unknown[]): VendorTick | undefined {
    const symbol = this.ids.get(String(trade[0]));
    const price = num(trade[2]);
    if (symbol === undefined || !this.symbols.has(symbol) || price === undefined || price <= 0)
      return undefined;
    const close = num(trade[9]);
    return {
      symbol,
      price,
      ts: parseTrueDataTime(trade[1]) ?? this.options.now(),
      ...(close !== undefined && close > 0 ? { close } : {}),
    };
  }

  private send(message: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private closed(socket: WebSocket) {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.loggedIn = false;
    this.clearTimers();
    if (this.state === 'closed') return;
    this.setState('disconnected');
    const delay = Math.min(this.timing.maxDelayMs, this.timing.minDelayMs * 2 ** this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private watchSilence() {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.options.logger.warn('truedata silent; reconnecting');
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

  private setState(state: VendorFeedState) {
    if (this.state === 'closed' && state !== 'closed') return;
    if (this.state === state) return;
    this.state = state;
    this.options.events.state?.(state);
  }
}
