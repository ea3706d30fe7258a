import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeBrokerOrder, FakeLiveBroker } from '../../contracts/live-broker-flow';
import { type AngelScripEntry, scripOf } from './scrip-master';
import { FakeSmartStream } from './smart-stream';

// A local stand-in for Angel One SmartAPI under one base URL: the publisher login page (redirects with auth_token,
// feed_token, refresh_token), `getProfile` as the token check, placeOrder / modifyOrder / cancelOrder /
// getOrderBook / getPosition / getRMS with SmartAPI's field names, headers and `{status, message, errorcode, data}`
// envelope (an invalid token answered as the gateway does: `{success: false, errorCode: 'AG8001'}`), and the scrip
// master JSON, and the order-status WebSocket (`/smart-order-update`, Bearer handshake, `AB00` acknowledgement, one
// message with `order-status` and `orderData` per change), and SmartStream, the price socket (`/smart-stream`,
// smart-stream.ts). Tests fill, reject, cancel, move prices, drop the streams and expire sessions by hand.

export interface FakeAngelOrder {
  orderid: string;
  uniqueorderid: string;
  variety: string;
  ordertype: string;
  producttype: string;
  duration: string;
  price: number;
  triggerprice: number;
  quantity: string;
  tradingsymbol: string;
  symboltoken: string;
  exchange: string;
  transactiontype: string;
  ordertag: string;
  averageprice: number;
  filledshares: string;
  unfilledshares: string;
  status: string;
  orderstatus: string;
  text: string;
  updatetime: string;
  exchorderupdatetime: string;
}

export interface RecordedAngelRequest {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

const REQUIRED_HEADERS = ['x-usertype', 'x-sourceid', 'x-clientlocalip', 'x-clientpublicip', 'x-macaddress'];
const WORKING = new Set(['open', 'trigger pending']);
/** SmartAPI's order-status codes of the stream, by status word. */
const STREAM_CODES: Record<string, string> = {
  open: 'AB01',
  cancelled: 'AB02',
  rejected: 'AB03',
  complete: 'AB05',
  'trigger pending': 'AB10',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** IST now as SmartAPI writes times: `24-Nov-2026 10:15:02`. */
const angelTime = (ms: number) => {
  const d = new Date(ms + 5.5 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
};

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const ok = (res: ServerResponse, data: unknown) =>
  reply(res, 200, { status: true, message: 'SUCCESS', errorcode: '', data });
const refuse = (res: ServerResponse, message: string, errorcode: string) =>
  reply(res, 200, { status: false, message, errorcode, data: null });

export class FakeAngelOne implements FakeLiveBroker {
  readonly appKey = 'XTANGELKEY';
  readonly appSecret = undefined;
  readonly requests: RecordedAngelRequest[] = [];
  readonly book = new Map<string, FakeAngelOrder>();
  readonly scrips = new Map<string, AngelScripEntry>();
  /** Where the app registered at Angel One sends the browser back (the web app's `/redirect/angelone`). */
  redirectUrl = 'https://app.example/redirect/angelone';
  private readonly signingKey = randomBytes(16);
  private readonly sessions = new Map<string, string>();
  /** JWT -> the feed token issued with it. */
  private readonly feedTokens = new Map<string, string>();
  /** SmartStream, the price socket; it takes the sessions issued here. */
  readonly smartStream = new FakeSmartStream({
    appKey: this.appKey,
    sessionOf: (jwt) => {
      const clientId = this.sessions.get(jwt);
      const feedToken = this.feedTokens.get(jwt);
      return clientId && feedToken ? { clientId, feedToken } : undefined;
    },
    exchangeOf: (token) => this.scrips.get(token)?.exch_seg,
  });
  private funds = 100_000;
  private answerLost = false;
  private rateLimitNext = false;
  private nextId = 261_124_000_000_001;
  private nextToken = 40_000;
  private loginClient = 'A1234567';
  private readonly server: Server;
  private readonly sockets = new WebSocketServer({ noServer: true });
  private readonly streams = new Map<WebSocket, string>();
  private streamsRefused = false;
  baseUrl = '';

  private constructor() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        reply(res, 500, { status: false, message: String(error), errorcode: 'AB2001' }),
      );
    });
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
  }

  static async start(): Promise<FakeAngelOne> {
    const fake = new FakeAngelOne();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** A listed symbol token trades at `price`: SmartStream pushes it to the sockets subscribing it. */
  setPrice(token: string, price: number): void {
    this.smartStream.setPrice(token, price);
  }

  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      const token = String(this.nextToken++);
      this.scrips.set(token, scripOf(record, token));
      return token;
    });
  }

  /** A JWT as Angel One signs it: its claims name the client, it expires in a day. */
  private issueJwt(clientId: string): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const head = `${part({ alg: 'HS512' })}.${part({ username: clientId, exp: Math.floor(Date.now() / 1000) + 86_400 })}`;
    return `${head}.${createHmac('sha512', this.signingKey).update(head).digest('base64url')}`;
  }

  async login(loginUrl: string, clientId: string): Promise<Record<string, string>> {
    this.loginClient = clientId;
    const response = await fetch(loginUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`login page answered ${response.status}`);
    const query = new URL(location).searchParams;
    return {
      auth_token: query.get('auth_token') ?? '',
      feed_token: query.get('feed_token') ?? '',
      refresh_token: query.get('refresh_token') ?? '',
    };
  }

  wrongGrant(clientId: string): Record<string, string> {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return {
      auth_token: `${part({ alg: 'HS512' })}.${part({ username: clientId })}.forged`,
      feed_token: 'feed',
      refresh_token: 'refresh',
    };
  }

  orders(): FakeBrokerOrder[] {
    return [...this.book.values()].map((o) => ({
      brokerOrderId: o.orderid,
      instrumentId: o.symboltoken,
      quantity: Number(o.quantity),
      product: o.producttype,
      orderType: o.ordertype,
      side: o.transactiontype,
      price: o.price,
      triggerPrice: o.triggerprice,
      ...(o.ordertag ? { tag: o.ordertag } : {}),
      status: o.orderstatus,
    }));
  }

  fill(orderid: string, price: number): void {
    const order = this.order(orderid);
    order.filledshares = order.quantity;
    order.unfilledshares = '0';
    order.averageprice = price;
    this.settle(order, 'complete', '');
  }

  /** The exchange or Angel One rejects a working order on its own (price band, circuit). */
  reject(orderid: string, text: string): void {
    this.settle(this.order(orderid), 'rejected', text);
  }

  /** Angel One cancels a working order on its own (end of day, risk). */
  cancelByBroker(orderid: string, text: string): void {
    this.settle(this.order(orderid), 'cancelled', text);
  }

  setFunds(available: number): void {
    this.funds = available;
  }

  expireSessions(): void {
    this.sessions.clear();
    this.feedTokens.clear();
  }

  loseNextAnswer(): void {
    this.answerLost = true;
  }

  /** The next call is answered as SmartAPI's gateway answers a rate-limited one. */
  rateLimitNextCall(): void {
    this.rateLimitNext = true;
  }

  /** Order streams open now. */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Drops every order stream and refuses new ones until `allowStreams`. */
  dropStreams(): void {
    this.streamsRefused = true;
    for (const socket of this.streams.keys()) socket.terminate();
    this.streams.clear();
  }

  allowStreams(): void {
    this.streamsRefused = false;
  }

  close(): Promise<void> {
    for (const socket of this.streams.keys()) socket.terminate();
    this.smartStream.close();
    this.sockets.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (new URL(req.url ?? '/', 'http://fake').pathname === '/smart-stream')
      return this.smartStream.upgrade(req, socket, head);
    const jwt = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const clientId = jwt ? this.sessions.get(jwt) : undefined;
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path !== '/smart-order-update' || !clientId || this.streamsRefused) {
      socket.end(`HTTP/1.1 ${clientId ? '503 Service Unavailable' : '401 Unauthorized'}\r\n\r\n`);
      return;
    }
    this.sockets.handleUpgrade(req, socket, head, (ws) => {
      this.streams.set(ws, clientId);
      ws.on('close', () => this.streams.delete(ws));
      ws.send(
        JSON.stringify({
          'user-id': clientId,
          'status-code': '200',
          'order-status': 'AB00',
          'error-message': '',
          orderData: {},
        }),
      );
    });
  }

  /** Tells every open stream of the account about an order's change. */
  private push(order: FakeAngelOrder) {
    for (const [ws, clientId] of this.streams) {
      ws.send(
        JSON.stringify({
          'user-id': clientId,
          'status-code': '200',
          'order-status': STREAM_CODES[order.orderstatus] ?? 'AB09',
          'error-message': '',
          orderData: order,
        }),
      );
    }
  }

  private order(orderid: string): FakeAngelOrder {
    const order = this.book.get(orderid);
    if (!order) throw new Error(`no order ${orderid}`);
    return order;
  }

  private settle(order: FakeAngelOrder, status: string, text: string) {
    order.status = status;
    order.orderstatus = status;
    order.text = text;
    order.updatetime = angelTime(Date.now());
    order.exchorderupdatetime = order.updatetime;
    this.push(order);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    this.requests.push({ method: req.method ?? 'GET', path, body, headers: req.headers });
    if (path === '/publisher-login') return this.loginPage(url, res);
    if (path === '/OpenAPI_File/files/OpenAPIScripMaster.json')
      return reply(res, 200, [...this.scrips.values()]);
    if (this.rateLimitNext) {
      this.rateLimitNext = false;
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('Access denied because of exceeding access rate');
      return;
    }
    if (req.headers['x-privatekey'] !== this.appKey) return refuse(res, 'Invalid API Key', 'AG8004');
    if (REQUIRED_HEADERS.some((name) => !req.headers[name])) return refuse(res, 'Invalid Headers', 'AB1000');
    const jwt = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const clientId = jwt ? this.sessions.get(jwt) : undefined;
    if (!clientId)
      return reply(res, 401, { success: false, message: 'Invalid Token', errorCode: 'AG8001', data: '' });
    const route = path.replace(/^\/rest\/secure\/angelbroking\//, '');
    const b = (body ?? {}) as Record<string, unknown>;
    switch (route) {
      case 'user/v1/getProfile':
        return ok(res, { clientcode: clientId, name: 'FAKE TRADER', exchanges: ['nse_fo', 'bse_fo'] });
      case 'user/v1/getRMS':
        return ok(res, {
          net: this.funds.toFixed(4),
          availablecash: this.funds.toFixed(4),
          utiliseddebits: '0.0000',
        });
      case 'order/v1/placeOrder':
        return this.place(b, res);
      case 'order/v1/modifyOrder':
        return this.modify(b, res);
      case 'order/v1/cancelOrder':
        return this.cancel(b, res);
      case 'order/v1/getOrderBook':
        return ok(res, this.book.size > 0 ? [...this.book.values()] : null);
      case 'order/v1/getPosition':
        return ok(res, this.positions());
      default:
        return reply(res, 404, { status: false, message: 'Not found', errorcode: 'AB2000' });
    }
  }

  /** The publisher login: the trader signs in, Angel One redirects with the session's three tokens. */
  private loginPage(url: URL, res: ServerResponse) {
    if (url.searchParams.get('api_key') !== this.appKey)
      return reply(res, 400, { message: 'Invalid API Key' });
    const jwt = this.issueJwt(this.loginClient);
    this.sessions.set(jwt, this.loginClient);
    const target = new URL(this.redirectUrl);
    target.searchParams.set('auth_token', jwt);
    const feedToken = randomBytes(8).toString('hex');
    this.feedTokens.set(jwt, feedToken);
    target.searchParams.set('feed_token', feedToken);
    target.searchParams.set('refresh_token', randomBytes(8).toString('hex'));
    target.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  private place(b: Record<string, unknown>, res: ServerResponse) {
    const scrip = this.scrips.get(String(b.symboltoken));
    if (!scrip || scrip.symbol !== b.tradingsymbol || scrip.exch_seg !== b.exchange)
      return refuse(res, 'Invalid Symbol Token', 'AB1009');
    if (!['INTRADAY', 'CARRYFORWARD'].includes(String(b.producttype)))
      return refuse(res, 'Invalid Product Type', 'AB1012');
    if (b.ordertype === 'STOPLOSS_MARKET')
      return refuse(res, 'SL-M orders are not allowed in options', 'AB4036');
    const stop = b.ordertype === 'STOPLOSS_LIMIT';
    if (stop !== (b.variety === 'STOPLOSS')) return refuse(res, 'Invalid Order Variety', 'AB1008');
    const quantity = Number(b.quantity);
    if (!(quantity > 0) || quantity % Number(scrip.lotsize) !== 0)
      return refuse(res, 'Invalid Quantity', 'AB4020');
    if (typeof b.ordertag === 'string' && b.ordertag.length >= 20)
      return refuse(res, 'ordertag length should be less than 20 characters', 'AB4008');
    const orderid = String(this.nextId++);
    const status = stop ? 'trigger pending' : 'open';
    const now = angelTime(Date.now());
    this.book.set(orderid, {
      orderid,
      uniqueorderid: randomBytes(8).toString('hex'),
      variety: String(b.variety),
      ordertype: String(b.ordertype),
      producttype: String(b.producttype),
      duration: String(b.duration),
      price: Number(b.price ?? 0),
      triggerprice: Number(b.triggerprice ?? 0),
      quantity: String(quantity),
      tradingsymbol: scrip.symbol,
      symboltoken: scrip.token,
      exchange: scrip.exch_seg,
      transactiontype: String(b.transactiontype),
      ordertag: typeof b.ordertag === 'string' ? b.ordertag : '',
      averageprice: 0,
      filledshares: '0',
      unfilledshares: String(quantity),
      status,
      orderstatus: status,
      text: '',
      updatetime: now,
      exchorderupdatetime: now,
    });
    this.push(this.order(orderid));
    if (this.answerLost) {
      this.answerLost = false;
      res.destroy();
      return;
    }
    ok(res, { script: scrip.symbol, orderid, uniqueorderid: this.order(orderid).uniqueorderid });
  }

  private modify(b: Record<string, unknown>, res: ServerResponse) {
    const order = this.book.get(String(b.orderid));
    if (!order) return refuse(res, 'Order not found', 'AB1013');
    if (!WORKING.has(order.orderstatus)) return refuse(res, 'Order is not open', 'AB4011');
    if (
      b.tradingsymbol !== order.tradingsymbol ||
      b.symboltoken !== order.symboltoken ||
      b.exchange !== order.exchange
    )
      return refuse(res, 'Invalid Symbol Token', 'AB1009');
    order.ordertype = String(b.ordertype ?? order.ordertype);
    order.price = Number(b.price ?? order.price);
    order.triggerprice = Number(b.triggerprice ?? order.triggerprice);
    order.quantity = String(b.quantity ?? order.quantity);
    order.unfilledshares = order.quantity;
    order.updatetime = angelTime(Date.now());
    this.push(order);
    ok(res, { orderid: order.orderid, uniqueorderid: order.uniqueorderid });
  }

  private cancel(b: Record<string, unknown>, res: ServerResponse) {
    const order = this.book.get(String(b.orderid));
    if (!order) return refuse(res, 'Order not found', 'AB1013');
    if (b.variety !== order.variety) return refuse(res, 'Invalid Order Variety', 'AB1008');
    if (!WORKING.has(order.orderstatus)) return refuse(res, 'Order is not open', 'AB4011');
    this.settle(order, 'cancelled', '');
    ok(res, { orderid: order.orderid, uniqueorderid: order.uniqueorderid });
  }

  private positions() {
    const rows = new Map<string, Record<string, string>>();
    for (const order of this.book.values()) {
      const filled = Number(order.filledshares);
      if (filled === 0) continue;
      const key = `${order.symboltoken}:${order.producttype}`;
      const row = rows.get(key) ?? {
        exchange: order.exchange,
        symboltoken: order.symboltoken,
        producttype: order.producttype,
        tradingsymbol: order.tradingsymbol,
        buyqty: '0',
        sellqty: '0',
        buyamount: '0.00',
        sellamount: '0.00',
        netqty: '0',
        avgnetprice: '0.00',
        ltp: String(order.averageprice),
        lotsize: this.scrips.get(order.symboltoken)?.lotsize ?? '1',
      };
      const value = filled * order.averageprice;
      const side = order.transactiontype === 'BUY' ? 'buy' : 'sell';
      row[`${side}qty`] = String(Number(row[`${side}qty`]) + filled);
      row[`${side}amount`] = (Number(row[`${side}amount`]) + value).toFixed(2);
      const net = Number(row.buyqty) - Number(row.sellqty);
      row.netqty = String(net);
      row.avgnetprice =
        net !== 0
          ? (Math.abs(Number(row.buyamount) - Number(row.sellamount)) / Math.abs(net)).toFixed(2)
          : '0.00';
      rows.set(key, row);
    }
    return rows.size > 0 ? [...rows.values()] : null;
  }
}
