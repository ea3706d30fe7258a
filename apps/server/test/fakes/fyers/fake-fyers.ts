import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { istEpochMs } from '@xtrader/core/market/dates';
import { type WebSocket, WebSocketServer } from 'ws';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeBrokerOrder, FakeLiveBroker } from '../../contracts/live-broker-flow';

// A local stand-in for Fyers API v3 with every host on one base URL (as XT_FYERS_BASE_URL puts them):
// - `GET /api/v3/generate-authcode?client_id&redirect_uri&response_type=code&state`: the login page, redirecting to
//   `redirect_uri?s=ok&code=200&auth_code=<JWT>&state=...` (`code` is a status; the grant is `auth_code`);
// - `POST /api/v3/validate-authcode {grant_type, appIdHash: sha256("<app_id>:<app_secret>"), code}`: one use per code;
// - `Authorization: <app_id>:<access_token>` on `GET /api/v3/profile`, `/funds`, `/orders`, `/positions` and
//   `POST|PATCH|DELETE /api/v3/orders/sync`;
// - the `{s, code, message}` envelope, with negative codes for failures;
// - the symbol masters `GET /sym_details/NSE_FO.csv` and `/sym_details/BSE_FO.csv`, header-less, 21 columns;
// - the order socket `/trade/v3` (same Authorization header; `ping` -> `pong`; after
//   `{"T":"SUB_ORD","SLIST":["orders"],"SUB_T":1}` every change of the client's orders is pushed as
//   `{"orders": {...}}` in the socket's short field names and OMS status codes).
// Tests fill, reject, cancel and expire by hand.

export interface FakeFyersOrder {
  id: string;
  symbol: string;
  status: number;
  type: number;
  side: number;
  productType: string;
  qty: number;
  filledQty: number;
  remainingQuantity: number;
  limitPrice: number;
  stopPrice: number;
  tradedPrice: number;
  message: string;
  orderTag: string;
  orderDateTime: string;
  validity: string;
  clientId: string;
}

export interface RecordedFyersRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `24-Nov-2026 10:15:02`, IST, as Fyers' order book writes times. */
const fyersTime = (ms: number) => {
  const d = new Date(ms + 5.5 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
const jwt = (claims: object) =>
  [{ alg: 'HS256', typ: 'JWT' }, claims, randomBytes(16).toString('hex')]
    .map((part) => Buffer.from(typeof part === 'string' ? part : JSON.stringify(part)).toString('base64url'))
    .join('.');

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const ok = (res: ServerResponse, fields: object, code = 200) =>
  reply(res, 200, { s: 'ok', code, message: '', ...fields });
const error = (res: ServerResponse, status: number, code: number, message: string, fields: object = {}) =>
  reply(res, status, { s: 'error', code, message, ...fields });

const STATUS_WORDS: Record<number, string> = {
  1: 'cancelled',
  2: 'traded',
  4: 'transit',
  5: 'rejected',
  6: 'pending',
  7: 'expired',
};
const TAG_SHAPE = /^[A-Za-z0-9]{1,30}$/;

export class FakeFyers implements FakeLiveBroker {
  readonly requests: RecordedFyersRequest[] = [];
  readonly book = new Map<string, FakeFyersOrder>();
  /** The CSV lines of each master file, by file name. */
  readonly masters = new Map<string, string[]>([
    // Contracts of no interest to us (a stock option), which the adapter must skip.
    [
      'NSE_FO.csv',
      [
        '101126112935110,RELIANCE 24 Nov 26 1300 CE,15,500,0.05,,0915-1530|1815-1915:,2026-11-24,1795971600,NSE:RELIANCE26NOV1300CE,10,11,35110,RELIANCE,2885,1300,CE,10100000002885,,,',
      ],
    ],
    ['BSE_FO.csv', []],
  ]);
  private readonly authCodes = new Map<string, string>();
  private readonly tokens = new Map<string, string>();
  /** Ticker -> last price, for the quotes endpoint. */
  readonly prices = new Map<string, number>();
  private funds = { available: 100_000, utilized: 12_500.5 };
  private pendingClient = 'XF00001';
  private answerLost = false;
  private nextId = 26112400000001;
  private readonly server: Server;
  private readonly sockets = new WebSocketServer({ noServer: true });
  /** Subscribed order sockets, with their client id. */
  private readonly streams = new Map<WebSocket, string>();
  /** Every message pushed on an order socket, oldest first. */
  readonly pushed: unknown[] = [];
  /** While false, socket upgrades are refused (503), as during an outage. */
  streamsAvailable = true;
  baseUrl = '';

  constructor(
    readonly appKey: string,
    readonly appSecret: string,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => error(res, 500, -1, String(err)));
    });
    this.server.on('upgrade', (req, socket, head) => {
      const clientId = this.clientOf(req.headers.authorization);
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (path !== '/trade/v3' || !clientId || !this.streamsAvailable) {
        socket.end(`HTTP/1.1 ${clientId ? 503 : 401} Refused\r\n\r\n`);
        return;
      }
      this.sockets.handleUpgrade(req, socket, head, (ws) => {
        ws.on('message', (data) => {
          const text = data.toString();
          if (text === 'ping') return ws.send('pong');
          const sub = JSON.parse(text) as { T?: string; SLIST?: string[]; SUB_T?: number };
          if (sub.T === 'SUB_ORD' && sub.SUB_T === 1 && sub.SLIST?.includes('orders')) {
            this.streams.set(ws, clientId);
            ws.send(JSON.stringify({ s: 'ok', code: 1605, message: 'Successfully subscribed' }));
          }
        });
        ws.on('close', () => this.streams.delete(ws));
      });
    });
  }

  /** The number of subscribed order sockets. */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Drops every order socket (a network cut); new ones are accepted while `streamsAvailable`. */
  dropStreams(): void {
    for (const ws of this.streams.keys()) ws.terminate();
    this.streams.clear();
  }

  private clientOf(authorization: string | undefined): string | undefined {
    const [appId, token] = (authorization ?? '').split(':');
    return appId === this.appKey && token ? this.tokens.get(token) : undefined;
  }

  /** Pushes an order's current state to its client's subscribed sockets. */
  private push(order: FakeFyersOrder) {
    const omsStatus: Record<number, number> = { 1: 91, 2: 90, 4: 11, 5: 92, 6: 22, 7: 73 };
    const message = {
      orders: {
        client_id: order.clientId,
        id: order.id,
        symbol: order.symbol,
        qty: order.qty,
        qty_remaining: order.remainingQuantity,
        qty_filled: order.filledQty,
        price_limit: order.limitPrice,
        price_stop: order.stopPrice,
        price_traded: order.tradedPrice,
        ord_type: order.type,
        tran_side: order.side,
        product_type: order.productType,
        ord_status: omsStatus[order.status] ?? order.status,
        oms_msg: order.message,
        time_oms: order.orderDateTime,
        validity: order.validity,
      },
    };
    for (const [ws, clientId] of this.streams) {
      if (clientId !== order.clientId) continue;
      this.pushed.push(message);
      ws.send(JSON.stringify(message));
    }
  }

  static async start(appKey = 'XTAPP1-100', appSecret = 'fyers-app-secret'): Promise<FakeFyers> {
    const fake = new FakeFyers(appKey, appSecret);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** An auth code as Fyers' login redirect delivers it for `clientId`. */
  issueAuthCode(clientId: string): string {
    const code = jwt({ sub: 'auth_code', display_name: clientId, app_id: this.appKey.split('-')[0] });
    this.authCodes.set(code, clientId);
    return code;
  }

  /** The last price of a ticker (`NSE:NIFTY...`), as `GET /data/quotes` answers it. */
  setPrice(ticker: string, price: number): void {
    this.prices.set(ticker, price);
  }

  /** Fyers' quotes: at most 50 symbols; an unknown symbol answers its own `s: "error"` entry. */
  private quotes(symbols: string, res: ServerResponse) {
    const list = symbols.split(',').filter(Boolean);
    if (list.length > 50) return error(res, 400, -300, 'Maximum 50 symbols allowed');
    const d = list.map((n) => {
      const lp = this.prices.get(n);
      return lp === undefined
        ? { n, s: 'error', v: { errmsg: 'invalid symbol' } }
        : {
            n,
            s: 'ok',
            v: { lp, prev_close_price: 100, ch: lp - 100, symbol: n, tt: `${Math.floor(Date.now() / 1000)}` },
          };
    });
    return ok(res, { d });
  }

  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      const bse = record.exchange === 'BFO';
      const file = bse ? 'BSE_FO.csv' : 'NSE_FO.csv';
      const ticker = `${bse ? 'BSE' : 'NSE'}:${record.tradingsymbol}`;
      const future = record.instrument_type === 'FUT';
      const expiry = Math.floor(istEpochMs(record.expiry as string, 15, 30) / 1000);
      const line = [
        `${bse ? '1211' : '1011'}${record.exchange_token}`,
        `${record.name} ${record.expiry} ${future ? 'FUT' : `${record.strike} ${record.instrument_type}`}`,
        future ? 11 : 14,
        record.lot_size,
        record.tick_size,
        '',
        '0915-1530|1815-1915:',
        '2026-11-24',
        expiry,
        ticker,
        bse ? 12 : 10,
        11,
        record.exchange_token,
        record.name,
        bse ? 1 : 26000,
        future ? -1 : record.strike,
        future ? 'XX' : record.instrument_type,
        bse ? '12100000000001' : '10100000026000',
        '',
        '',
        '',
      ].join(',');
      this.masters.get(file)?.push(line);
      return ticker;
    });
  }

  async login(loginUrl: string, clientId: string): Promise<Record<string, string>> {
    this.pendingClient = clientId;
    const response = await fetch(loginUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) throw new Error(`the Fyers login page did not redirect (${response.status})`);
    const query = new URL(location).searchParams;
    return { auth_code: query.get('auth_code') ?? '' };
  }

  wrongGrant(clientId: string): Record<string, string> {
    // Shaped like a real auth code, but never issued.
    return { auth_code: jwt({ sub: 'auth_code', display_name: clientId }) };
  }

  orders(): FakeBrokerOrder[] {
    return [...this.book.values()].map((order) => ({
      brokerOrderId: order.id,
      instrumentId: order.symbol,
      quantity: order.qty,
      product: order.productType,
      orderType: String(order.type),
      side: String(order.side),
      ...(order.limitPrice > 0 ? { price: order.limitPrice } : {}),
      ...(order.stopPrice > 0 ? { triggerPrice: order.stopPrice } : {}),
      ...(order.orderTag ? { tag: order.orderTag } : {}),
      status: STATUS_WORDS[order.status] ?? String(order.status),
    }));
  }

  fill(brokerOrderId: string, price: number): void {
    const order = this.order(brokerOrderId);
    order.filledQty = order.qty;
    order.remainingQuantity = 0;
    order.tradedPrice = price;
    order.status = 2;
    order.orderDateTime = fyersTime(Date.now());
    this.push(order);
  }

  /** The exchange or Fyers itself ends an open order (a price-band rejection, an end-of-day cancel). */
  endByBroker(brokerOrderId: string, status: 'rejected' | 'cancelled', message: string): void {
    const order = this.order(brokerOrderId);
    order.status = status === 'rejected' ? 5 : 1;
    order.message = message;
    order.orderDateTime = fyersTime(Date.now());
    this.push(order);
  }

  setFunds(available: number): void {
    this.funds = { ...this.funds, available };
  }

  expireSessions(): void {
    this.tokens.clear();
  }

  /** The next placement is taken into the book but its answer never arrives (the connection drops). */
  loseNextAnswer(): void {
    this.answerLost = true;
  }

  close(): Promise<void> {
    this.dropStreams();
    this.sockets.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private order(id: string): FakeFyersOrder {
    const order = this.book.get(id);
    if (!order) throw new Error(`no order ${id}`);
    return order;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    this.requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
    });
    const master = /^\/sym_details\/(NSE_FO|BSE_FO)\.csv$/.exec(path);
    if (master) {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(`${(this.masters.get(`${master[1]}.csv`) ?? []).join('\n')}\n`);
      return;
    }
    if (path === '/api/v3/generate-authcode' && method === 'GET') return this.loginPage(url, res);
    if (path === '/api/v3/validate-authcode' && method === 'POST') return this.validate(body, res);
    const [appId, token] = (req.headers.authorization ?? '').split(':');
    if (appId !== this.appKey || !token || !this.tokens.has(token))
      return error(res, 401, -17, 'Your token has expired. Please generate a token');
    const clientId = this.tokens.get(token) as string;
    if (path === '/data/quotes' && method === 'GET')
      return this.quotes(url.searchParams.get('symbols') ?? '', res);
    if (path === '/api/v3/profile') return ok(res, { data: { fy_id: clientId, name: 'Fyers Trader' } });
    if (path === '/api/v3/funds') return ok(res, { fund_limit: this.fundLimit() });
    if (path === '/api/v3/orders' && method === 'GET')
      return ok(res, {
        orderBook: [...this.book.values()].map((order) => ({
          ...order,
          orderTag: order.orderTag ? `1:${order.orderTag}` : '',
        })),
      });
    if (path === '/api/v3/positions') return ok(res, { netPositions: this.positions(), overall: {} });
    if (path === '/api/v3/orders/sync') {
      if (method === 'POST') return this.place(body as Record<string, unknown> | undefined, clientId, res);
      if (method === 'PATCH') return this.modify(body as Record<string, unknown> | undefined, res);
      if (method === 'DELETE') return this.cancel(body as Record<string, unknown> | undefined, res);
    }
    return error(res, 404, -1, 'Not found');
  }

  private loginPage(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    if (q.get('client_id') !== this.appKey || q.get('response_type') !== 'code' || !q.get('redirect_uri'))
      return error(res, 400, -50, 'Invalid client_id or redirect_uri');
    const target = new URL(q.get('redirect_uri') as string);
    target.searchParams.set('s', 'ok');
    target.searchParams.set('code', '200');
    target.searchParams.set('auth_code', this.issueAuthCode(this.pendingClient));
    target.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  private validate(body: unknown, res: ServerResponse) {
    const b = (body ?? {}) as Record<string, unknown>;
    if (b.grant_type !== 'authorization_code') return error(res, 400, -50, 'Invalid grant_type');
    if (b.appIdHash !== sha256(`${this.appKey}:${this.appSecret}`))
      return error(res, 400, -371, 'Please provide sha256 hash of appId and app secret');
    const clientId = this.authCodes.get(String(b.code));
    if (!clientId) return error(res, 400, -413, 'Invalid auth code');
    this.authCodes.delete(String(b.code));
    const accessToken = jwt({
      sub: 'access_token',
      fy_id: clientId,
      exp: Math.floor(Date.now() / 1000) + 8 * 3600,
    });
    this.tokens.set(accessToken, clientId);
    ok(res, { access_token: accessToken, refresh_token: jwt({ sub: 'refresh_token' }) });
  }

  private listed(symbol: string) {
    return [...this.masters.values()].some((lines) => lines.some((line) => line.split(',')[9] === symbol));
  }

  private place(o: Record<string, unknown> | undefined, clientId: string, res: ServerResponse) {
    if (!o || typeof o.symbol !== 'string' || !this.listed(o.symbol))
      return error(res, 400, -300, 'Invalid symbol');
    const type = Number(o.type);
    if (![1, 2, 3, 4].includes(type) || ![1, -1].includes(Number(o.side)) || !(Number(o.qty) > 0))
      return error(res, 400, -50, 'Invalid input');
    if (!['INTRADAY', 'MARGIN', 'CNC'].includes(String(o.productType)))
      return error(res, 400, -50, 'Invalid productType');
    if (o.orderTag !== undefined && !TAG_SHAPE.test(String(o.orderTag)))
      return error(res, 400, -50, 'Invalid orderTag: alphanumeric, 1 to 30 characters');
    if ((type === 1 || type === 4) && !(Number(o.limitPrice) > 0))
      return error(res, 400, -50, 'Invalid limitPrice');
    if ((type === 3 || type === 4) && !(Number(o.stopPrice) > 0))
      return error(res, 400, -50, 'Invalid stopPrice');
    const id = String(this.nextId++);
    const order: FakeFyersOrder = {
      id,
      symbol: o.symbol,
      status: type === 3 ? 5 : 6,
      type,
      side: Number(o.side),
      productType: String(o.productType),
      qty: Number(o.qty),
      filledQty: 0,
      remainingQuantity: Number(o.qty),
      limitPrice: Number(o.limitPrice ?? 0),
      stopPrice: Number(o.stopPrice ?? 0),
      tradedPrice: 0,
      // Exchanges refuse stop-market orders on options.
      message: type === 3 ? 'RED:SL-M orders are not allowed for options' : '',
      orderTag: typeof o.orderTag === 'string' ? o.orderTag : '',
      orderDateTime: fyersTime(Date.now()),
      validity: String(o.validity ?? 'DAY'),
      clientId,
    };
    this.book.set(id, order);
    this.push(order);
    if (this.answerLost) {
      this.answerLost = false;
      res.destroy();
      return;
    }
    if (order.status === 5) return error(res, 400, -99, order.message, { id });
    ok(res, { id, message: `Order submitted successfully. Your Order Ref. No.${id}` }, 1101);
  }

  private modify(b: Record<string, unknown> | undefined, res: ServerResponse) {
    const order = this.book.get(String(b?.id));
    if (!order) return error(res, 400, -51, 'Invalid order id');
    if (order.status !== 6) return error(res, 400, -99, 'Order is not pending; it cannot be modified');
    if (b?.type !== undefined) order.type = Number(b.type);
    if (b?.limitPrice !== undefined) order.limitPrice = Number(b.limitPrice);
    if (b?.stopPrice !== undefined) order.stopPrice = Number(b.stopPrice);
    if (b?.qty !== undefined) order.qty = Number(b.qty);
    order.remainingQuantity = order.qty - order.filledQty;
    order.orderDateTime = fyersTime(Date.now());
    this.push(order);
    ok(res, { id: order.id, message: 'Successfully modified order' }, 1102);
  }

  private cancel(b: Record<string, unknown> | undefined, res: ServerResponse) {
    const order = this.book.get(String(b?.id));
    if (!order) return error(res, 400, -51, 'Invalid order id');
    if (order.status !== 6) return error(res, 400, -99, 'Order is not pending; it cannot be cancelled');
    order.status = 1;
    order.message = 'Cancelled by user';
    order.orderDateTime = fyersTime(Date.now());
    this.push(order);
    ok(res, { id: order.id, message: 'Successfully cancelled order' }, 1103);
  }

  private fundLimit() {
    const line = (id: number, title: string, equityAmount: number) => ({
      id,
      title,
      equityAmount,
      commodityAmount: 0,
    });
    const { available, utilized } = this.funds;
    return [
      line(1, 'Total Balance', available + utilized),
      line(2, 'Utilized Amount', utilized),
      line(3, 'Clear Balance', available + utilized),
      line(4, 'Realized Profit and Loss', 0),
      line(5, 'Collaterals', 0),
      line(6, 'Fund Transfer', 0),
      line(7, 'Receivables', 0),
      line(8, 'Adhoc Limit', 0),
      line(9, 'Limit at start of the day', available + utilized),
      line(10, 'Available Balance', available),
    ];
  }

  private positions() {
    const rows = new Map<string, Record<string, number | string>>();
    for (const order of this.book.values()) {
      if (order.filledQty === 0) continue;
      const key = `${order.symbol}-${order.productType}`;
      const row = rows.get(key) ?? {
        id: key,
        symbol: order.symbol,
        productType: order.productType,
        netQty: 0,
        buyQty: 0,
        sellQty: 0,
        buyVal: 0,
        sellVal: 0,
        ltp: order.tradedPrice,
      };
      const value = order.filledQty * order.tradedPrice;
      if (order.side === 1) {
        row.buyQty = Number(row.buyQty) + order.filledQty;
        row.buyVal = Number(row.buyVal) + value;
      } else {
        row.sellQty = Number(row.sellQty) + order.filledQty;
        row.sellVal = Number(row.sellVal) + value;
      }
      row.netQty = Number(row.buyQty) - Number(row.sellQty);
      row.buyAvg = Number(row.buyQty) > 0 ? Number(row.buyVal) / Number(row.buyQty) : 0;
      row.sellAvg = Number(row.sellQty) > 0 ? Number(row.sellVal) / Number(row.sellQty) : 0;
      row.netAvg = Number(row.netQty) > 0 ? row.buyAvg : Number(row.netQty) < 0 ? row.sellAvg : 0;
      rows.set(key, row);
    }
    return [...rows.values()];
  }
}
