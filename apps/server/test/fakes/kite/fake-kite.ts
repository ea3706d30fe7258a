import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loginPage, redirectAfterLogin } from './login-page';
import { type FakeInstrument, type FakeOrder, FakeOrderBook, KiteInputError } from './orders';
import type { FakeQuote } from './packets';
import { FakeTickerServer } from './ticker-server';

// A local stand-in for Kite Connect v3 (REST, login page, ticker WebSocket, postbacks) speaking the documented
// protocol, so the Zerodha adapter is tested end to end without the network. Tests drive prices and fills and can
// make the next request fail the ways the real one does (dropped, answered 429, lost after it was processed).

export interface FakeKiteApp {
  apiKey: string;
  apiSecret: string;
  /** Where the login page sends the browser back to. */
  redirectUrl?: string;
  /** Where order postbacks are POSTed (JSON, with checksum). */
  postbackUrl?: string;
}

export type FailureKind = 'drop' | 'rate-limit' | 'server-error' | 'lose-response';

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

interface Session {
  apiKey: string;
  userId: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, type: string, message: string) =>
  json(res, status, { status: 'error', message, error_type: type });

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

export class FakeKite {
  readonly apps = new Map<string, FakeKiteApp>();
  readonly requests: RecordedRequest[] = [];
  readonly postbacksSent: object[] = [];
  readonly lastPrices = new Map<string, number>();
  private readonly instruments = new Map<string, FakeInstrument>();
  private masterCsv: string | undefined;
  private readonly requestTokens = new Map<string, Session>();
  private readonly sessions = new Map<string, Session>();
  private readonly books = new Map<string, FakeOrderBook>();
  private readonly failures: FailureKind[] = [];
  private readonly server: Server;
  readonly ticker: FakeTickerServer;
  private readonly market: NodeJS.Timeout | undefined;
  url = '';

  constructor(
    private readonly options: {
      instruments?: FakeInstrument[];
      heartbeatMs?: number;
      userId?: string;
      /**
       * A market that keeps trading: every `marketTickMs` each contract with a last price ticks again at it to
       * the sockets subscribed to it (as a live Kite ticker does), so its prices never go stale. Off by default.
       */
      marketTickMs?: number;
    } = {},
  ) {
    for (const instrument of options.instruments ?? [])
      this.instruments.set(instrument.tradingsymbol, instrument);
    this.ticker = new FakeTickerServer(
      (apiKey, token) => this.userOf(apiKey, token),
      options.heartbeatMs ?? 1000,
    );
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => error(res, 500, 'GeneralException', String(err)));
    });
    this.server.on('upgrade', (req, socket, head) => this.ticker.handleUpgrade(req, socket, head));
    if (options.marketTickMs) {
      this.market = setInterval(() => {
        for (const [tradingsymbol, price] of this.lastPrices) {
          const instrument = this.instruments.get(tradingsymbol);
          if (instrument)
            this.ticker.pushQuote({ close: price, token: instrument.instrument_token, lastPrice: price });
        }
      }, options.marketTickMs);
      this.market.unref();
    }
  }

  static async start(options?: ConstructorParameters<typeof FakeKite>[0]): Promise<FakeKite> {
    const kite = new FakeKite(options);
    await new Promise<void>((resolve) => kite.server.listen(0, '127.0.0.1', resolve));
    kite.url = `http://127.0.0.1:${(kite.server.address() as AddressInfo).port}`;
    return kite;
  }

  get loginUrl() {
    return `${this.url}/connect/login`;
  }

  get tickerUrl() {
    return `${this.url.replace('http', 'ws')}/ws`;
  }

  /**
   * The instrument dump served at GET /instruments (Kite's CSV format); each row's contract is also accepted for
   * orders under its instrument_token.
   */
  publishMaster(csv: string): void {
    this.masterCsv = csv;
    const [header, ...lines] = csv.trim().split('\n');
    const columns = (header ?? '').split(',');
    const at = (name: string) => columns.indexOf(name);
    for (const line of lines) {
      const cells = line.split(',');
      const tradingsymbol = cells[at('tradingsymbol')] ?? '';
      this.addInstrument({
        tradingsymbol,
        instrument_token: Number(cells[at('instrument_token')]),
        exchange: cells[at('exchange')] ?? 'NFO',
      });
    }
  }

  registerApp(app: FakeKiteApp): void {
    this.apps.set(app.apiKey, app);
  }

  addInstrument(instrument: FakeInstrument): void {
    this.instruments.set(instrument.tradingsymbol, instrument);
  }

  /** A request token as if `userId` had logged in to the app (for tests without a browser). */
  issueRequestToken(apiKey: string, userId = this.options.userId ?? 'AB1234'): string {
    const token = randomBytes(16).toString('hex');
    this.requestTokens.set(token, { apiKey, userId });
    return token;
  }

  /** The user's order book (created on first use). */
  book(userId: string): FakeOrderBook {
    let book = this.books.get(userId);
    if (!book) {
      book = new FakeOrderBook(Date.now, this.instruments, (order) => this.announce(userId, order));
      this.books.set(userId, book);
    }
    return book;
  }

  /** Sets a last price: resting orders match and subscribed tickers get the quote. */
  setPrice(tradingsymbol: string, price: number, quote: Partial<FakeQuote> = {}): void {
    this.lastPrices.set(tradingsymbol, price);
    for (const book of this.books.values()) book.price(tradingsymbol, price);
    const instrument = this.instruments.get(tradingsymbol);
    if (instrument)
      this.ticker.pushQuote({ close: price, ...quote, token: instrument.instrument_token, lastPrice: price });
  }

  /** The next requests fail this way, one failure per request, in order. */
  failNext(...kinds: FailureKind[]): void {
    this.failures.push(...kinds);
  }

  /** Every access token dies (06:00 IST, or a master logout). */
  expireSessions(): void {
    this.sessions.clear();
    this.ticker.dropAll();
  }

  close(): Promise<void> {
    clearInterval(this.market);
    this.ticker.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private userOf(apiKey: string, accessToken: string): string | undefined {
    const session = this.sessions.get(accessToken);
    return session && session.apiKey === apiKey ? session.userId : undefined;
  }

  private announce(userId: string, order: FakeOrder) {
    this.ticker.pushOrder(userId, order);
    const session = [...this.sessions.values()].find((s) => s.userId === userId);
    const app = session ? this.apps.get(session.apiKey) : undefined;
    if (!app?.postbackUrl) return;
    const body = { ...order, app_id: 1, placed_by: userId, unfilled_quantity: 0 };
    const checksum = sha256(order.order_id + order.order_timestamp + app.apiSecret);
    const postback = { ...body, checksum };
    this.postbacksSent.push(postback);
    fetch(app.postbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(postback),
    }).catch(() => undefined);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const form = req.method === 'GET' || req.method === 'DELETE' ? {} : await readForm(req);
    for (const [key, value] of url.searchParams) if (req.method === 'DELETE') form[key] = value;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, form, headers: req.headers });
    if (url.pathname.startsWith('/connect/')) return this.handleLogin(url, res);
    // Kite's instrument dump is public (no session): the day's CSV of every tradable contract.
    if (url.pathname === '/instruments' && req.method === 'GET' && this.masterCsv !== undefined) {
      res.writeHead(200, { 'content-type': 'text/csv' });
      return void res.end(this.masterCsv);
    }
    const failure = this.failures.shift();
    if (failure === 'drop') return void req.socket.destroy();
    if (failure === 'rate-limit') return error(res, 429, 'NetworkException', 'Too many requests');
    if (failure === 'server-error') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return void res.end('<html>Bad gateway</html>');
    }
    if (req.headers['x-kite-version'] !== '3')
      return error(res, 400, 'InputException', 'Missing X-Kite-Version');
    if (url.pathname === '/session/token' && req.method === 'POST') return this.exchange(form, res);
    const session = this.authenticate(req);
    if (!session) return error(res, 403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
    try {
      const result = this.route(req.method ?? 'GET', url.pathname, form, session);
      if (failure === 'lose-response') return void req.socket.destroy();
      if (result === undefined) return error(res, 404, 'GeneralException', 'Route not found');
      json(res, 200, { status: 'success', data: result });
    } catch (err) {
      if (err instanceof KiteInputError) return error(res, 400, 'InputException', err.message);
      throw err;
    }
  }

  private handleLogin(url: URL, res: ServerResponse) {
    const apiKey = url.searchParams.get('api_key') ?? '';
    const app = this.apps.get(apiKey);
    if (!app) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return void res.end('<h1>Invalid api_key</h1>');
    }
    if (url.pathname === '/connect/login') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end(loginPage(apiKey, this.options.userId ?? 'AB1234'));
    }
    const redirect = app.redirectUrl ?? 'http://127.0.0.1/';
    const outcome = url.searchParams.get('deny')
      ? 'cancelled'
      : { requestToken: this.issueRequestToken(apiKey, url.searchParams.get('user_id') || undefined) };
    res.writeHead(302, { location: redirectAfterLogin(redirect, outcome) });
    res.end();
  }

  private exchange(form: Record<string, string>, res: ServerResponse) {
    const app = this.apps.get(form.api_key ?? '');
    const grant = this.requestTokens.get(form.request_token ?? '');
    if (!app || !grant || grant.apiKey !== app.apiKey) {
      return error(res, 403, 'TokenException', 'Token is invalid or has expired.');
    }
    if (form.checksum !== sha256(app.apiKey + (form.request_token ?? '') + app.apiSecret)) {
      return error(res, 403, 'TokenException', 'Invalid checksum');
    }
    this.requestTokens.delete(form.request_token ?? '');
    const accessToken = randomBytes(16).toString('hex');
    this.sessions.set(accessToken, grant);
    json(res, 200, {
      status: 'success',
      data: {
        user_id: grant.userId,
        user_name: 'Fake Trader',
        api_key: app.apiKey,
        access_token: accessToken,
        public_token: randomBytes(8).toString('hex'),
        refresh_token: '',
        login_time: '2026-11-23 09:15:00',
      },
    });
  }

  private authenticate(req: IncomingMessage): Session | undefined {
    const match = /^token ([^:]+):(.+)$/.exec(req.headers.authorization ?? '');
    if (!match) return undefined;
    const userId = this.userOf(match[1] as string, match[2] as string);
    return userId ? { apiKey: match[1] as string, userId } : undefined;
  }

  private route(method: string, path: string, form: Record<string, string>, session: Session): unknown {
    const book = this.book(session.userId);
    const [, first, variety, orderId] = path.split('/');
    if (method === 'GET' && path === '/orders') return [...book.orders.values()];
    if (method === 'GET' && path === '/portfolio/positions') {
      return { net: book.positions(this.lastPrices), day: [] };
    }
    if (method === 'GET' && path === '/user/margins/equity') return this.margins(book);
    if (first !== 'orders' || !variety) return undefined;
    if (method === 'POST' && !orderId) {
      const order = book.place(session.userId, variety, form);
      book.announce(order);
      const last = this.lastPrices.get(order.tradingsymbol);
      if (last !== undefined) book.price(order.tradingsymbol, last);
      return { order_id: order.order_id };
    }
    if (method === 'PUT' && orderId) return { order_id: book.modify(orderId, form).order_id };
    if (method === 'DELETE' && orderId) return { order_id: book.cancel(orderId).order_id };
    return undefined;
  }

  private margins(book: FakeOrderBook) {
    const opening = 500_000;
    const debits = book
      .positions(this.lastPrices)
      .reduce((sum, row) => sum + Math.max(0, (row.buy_value as number) - (row.sell_value as number)), 0);
    return {
      enabled: true,
      net: Math.round((opening - debits) * 100) / 100,
      available: { cash: opening, opening_balance: opening, live_balance: opening - debits },
      utilised: { debits },
    };
  }
}
