import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeBrokerOrder, FakeLiveBroker } from '../../contracts/live-broker-flow';
import { FakeDhanFeed } from './fake-dhan-feed';
import { DETAILED_HEADER, detailedRow, NOISE_ROWS } from './scrip-master-csv';

// A local stand-in for DhanHQ v2, every host on one base URL (as XT_DHAN_BASE_URL collapses them):
// - auth: `POST /app/generate-consent?client_id=` and `GET /app/consumeApp-consent?tokenId=`, both checking the
//   `app_id` / `app_secret` headers; the browser login `GET /login/consentApp-login?consentAppId=` redirects to the
//   app's registered redirect URL with `?tokenId=`; a token id is used once;
// - trading: `/v2/orders` (POST, GET, PUT and DELETE `/{id}`), `/v2/positions`, `/v2/fundlimit`, all behind the
//   `access-token` header, failures as `{errorType, errorCode, errorMessage}`;
// - the detailed scrip master CSV at `/api-data/api-scrip-master-detailed.csv`;
// - the live order-update WebSocket (at the base URL's root): a `LoginReq` first, then `order_alert` messages;
// - the live market feed (at the root too, told apart by its `?version=2&token=...` query): fake-dhan-feed.ts.

export interface FakeDhanOrder {
  dhanClientId: string;
  orderId: string;
  correlationId: string;
  orderStatus: string;
  transactionType: string;
  exchangeSegment: string;
  productType: string;
  orderType: string;
  validity: string;
  tradingSymbol: string;
  securityId: string;
  quantity: number;
  disclosedQuantity: number;
  price: number;
  triggerPrice: number;
  afterMarketOrder: boolean;
  createTime: string;
  updateTime: string;
  exchangeTime: string;
  omsErrorCode: string;
  omsErrorDescription: string;
  remainingQuantity: number;
  averageTradedPrice: number;
  filledQty: number;
  modifications: number;
}

export interface FakeDhanRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  body: unknown;
  headers: IncomingMessage['headers'];
}

const DH901 = {
  errorType: 'Invalid_Authentication',
  errorCode: 'DH-901',
  errorMessage: 'Client ID or user generated access token is invalid or expired.',
};
const OPEN = new Set(['PENDING', 'PART_TRADED', 'TRANSIT']);
const istText = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const refuse = (res: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
  reply(res, status, {
    errorType: status === 401 ? 'Invalid_Authentication' : 'Order_Error',
    errorCode,
    errorMessage,
  });

interface Security {
  securityId: string;
  symbolName: string;
  segment: 'NSE_FNO' | 'BSE_FNO';
  option: boolean;
}

export class FakeDhan implements FakeLiveBroker {
  readonly requests: FakeDhanRequest[] = [];
  readonly book = new Map<string, FakeDhanOrder>();
  readonly appKey: string;
  readonly appSecret = 'dhan-app-secret-9c1e';
  /** The redirect URL registered with the API key at Dhan. */
  redirectUrl = 'http://xtrader.local/redirect/dhan';
  /** Dhan client ids by consent, token id and access token. */
  private readonly consents = new Map<string, string>();
  private readonly tokenIds = new Map<string, string>();
  private readonly tokens = new Map<string, string>();
  private readonly securities = new Map<string, Security>();
  private readonly masterRows: string[] = [];
  private lastConsentAppId = '';
  private funds = 100_000;
  private answerLost = false;
  private nextOrderId = 52_000_000_000;
  private nextSecurityId = 40_100;
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  /** The live market feed, over the same sessions and scrip master. */
  readonly feed = new FakeDhanFeed({
    clientOf: (token) => this.tokens.get(token),
    segmentOf: (securityId) => this.securities.get(securityId)?.segment,
  });
  /** Logged-in order-update sockets and their Dhan client ids. */
  private readonly streams = new Map<WebSocket, string>();
  /** Every `LoginReq` the order-update socket received. */
  readonly streamLogins: Array<{
    MsgCode?: unknown;
    ClientId?: unknown;
    Token?: unknown;
    UserType?: unknown;
  }> = [];
  /** While true, order-update sockets are refused at the handshake. */
  refuseStreams = false;
  /** While true, the scrip master answers 503. */
  scripMasterDown = false;
  baseUrl = '';
  /** The order book as it was when `lagBook` was called, answered to that many more reads. */
  private laggingBook: { rows: unknown[]; reads: number } | undefined;

  constructor(
    readonly appId = 'dhanapp7f3a',
    /** The Dhan client the API key was issued to. */
    readonly ownerClientId = '1100000001',
  ) {
    this.appKey = `${appId}:${ownerClientId}`;
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        reply(res, 500, { errorType: 'Others', errorCode: 'DH-908', errorMessage: String(error) }),
      );
    });
    this.server.on('upgrade', (req, socket, head) => {
      if (FakeDhanFeed.wants(new URL(req.url ?? '/', 'http://fake')))
        return this.feed.upgrade(req, socket, head);
      if (this.refuseStreams) return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onStream(ws));
    });
  }

  /** Clients with an order-update socket logged in. */
  streamClients(): string[] {
    return [...this.streams.values()];
  }

  /** Drops every order-update socket (Dhan restarts, the network blips). */
  dropStreams(): void {
    for (const ws of this.streams.keys()) ws.terminate();
    this.streams.clear();
  }

  private onStream(ws: WebSocket) {
    ws.once('message', (raw) => {
      const login = JSON.parse(raw.toString()) as { LoginReq?: Record<string, unknown>; UserType?: unknown };
      this.streamLogins.push({ ...login.LoginReq, UserType: login.UserType });
      const clientId = this.tokens.get(String(login.LoginReq?.Token ?? ''));
      if (login.LoginReq?.MsgCode !== 42 || !clientId || clientId !== login.LoginReq?.ClientId) {
        ws.close(4001, 'Invalid credentials');
        return;
      }
      this.streams.set(ws, clientId);
    });
    ws.on('close', () => this.streams.delete(ws));
  }

  /** Dhan's order alert for a change of `order`, to the client's sockets. */
  private alert(order: FakeDhanOrder) {
    const message = JSON.stringify({
      Type: 'order_alert',
      Data: {
        Exchange: order.exchangeSegment.startsWith('BSE') ? 'BSE' : 'NSE',
        Segment: 'D',
        SecurityId: order.securityId,
        ClientId: order.dhanClientId,
        OrderNo: order.orderId,
        Product: order.productType === 'INTRADAY' ? 'I' : 'M',
        TxnType: order.transactionType === 'BUY' ? 'B' : 'S',
        OrderType: { MARKET: 'MKT', LIMIT: 'LMT', STOP_LOSS: 'SL', STOP_LOSS_MARKET: 'SLM' }[order.orderType],
        Validity: order.validity,
        Quantity: order.quantity,
        TradedQty: order.filledQty,
        Price: order.price,
        TriggerPrice: order.triggerPrice,
        AvgTradedPrice: order.averageTradedPrice,
        Status: order.orderStatus,
        Symbol: order.tradingSymbol,
        CorrelationId: order.correlationId,
        ReasonDescription: order.omsErrorDescription,
        LastUpdatedTime: order.updateTime,
      },
    });
    for (const [ws, clientId] of this.streams) if (clientId === order.dhanClientId) ws.send(message);
  }

  static async start(): Promise<FakeDhan> {
    const fake = new FakeDhan();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** A trade of a security: its last price, pushed on the market feed to the lines subscribed to it. */
  setPrice(securityId: string, price: number): void {
    this.feed.setPrice(securityId, price);
  }

  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      const securityId = String(this.nextSecurityId++);
      const row = detailedRow(record, securityId);
      this.masterRows.push(row);
      this.securities.set(securityId, {
        securityId,
        symbolName: row.split(',')[7] as string,
        segment: record.exchange === 'BFO' ? 'BSE_FNO' : 'NSE_FNO',
        option: record.instrument_type !== 'FUT',
      });
      return securityId;
    });
  }

  /** The consent the login URL carries: issued by `generate-consent` to the right app id and secret only. */
  loginPageMarker(): string {
    return this.lastConsentAppId;
  }

  /** The trader logs in at Dhan's consent page; Dhan redirects with `tokenId`, which the web app posts as `token`. */
  async login(loginUrl: string): Promise<Record<string, string>> {
    const response = await fetch(loginUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`Dhan login page answered ${response.status}`);
    const tokenId = new URL(location).searchParams.get('tokenId');
    if (!tokenId) throw new Error('no tokenId in the redirect');
    return { token: tokenId };
  }

  wrongGrant(): Record<string, string> {
    return { token: `forged-${randomBytes(6).toString('hex')}` };
  }

  /** An access token for `clientId` as a finished login would hold (for adapter-level tests). */
  issueAccessToken(clientId = this.ownerClientId): string {
    const token = `eyJ.${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, clientId);
    return token;
  }

  /** A token id as Dhan's redirect delivers it after the client logs in (for login tests). */
  issueTokenId(clientId = this.ownerClientId): string {
    const tokenId = randomBytes(12).toString('hex');
    this.tokenIds.set(tokenId, clientId);
    return tokenId;
  }

  /** Every access token expires: refused by every API, and the open market-feed lines are disconnected (807). */
  expireSessions(): void {
    this.tokens.clear();
    this.feed.expire();
  }

  loseNextAnswer(): void {
    this.answerLost = true;
  }

  /**
   * Dhan's order book lagging its own alerts: the next `reads` order-book reads answer the book as it is now, so a
   * change alerted meanwhile shows only in the read after them.
   */
  lagBook(reads: number): void {
    this.laggingBook = { rows: structuredClone(this.bookRows()), reads };
  }

  private bookRows() {
    return [...this.book.values()].map(({ modifications: _m, ...row }) => row);
  }

  setFunds(available: number): void {
    this.funds = available;
  }

  orders(): FakeBrokerOrder[] {
    return [...this.book.values()].map((order) => ({
      brokerOrderId: order.orderId,
      instrumentId: order.securityId,
      quantity: order.quantity,
      product: order.productType,
      orderType: order.orderType,
      side: order.transactionType,
      ...(order.price ? { price: order.price } : {}),
      ...(order.triggerPrice ? { triggerPrice: order.triggerPrice } : {}),
      ...(order.correlationId ? { tag: order.correlationId } : {}),
      status: order.orderStatus,
    }));
  }

  fill(orderId: string, price: number): void {
    const order = this.order(orderId);
    order.filledQty = order.quantity;
    order.remainingQuantity = 0;
    order.averageTradedPrice = price;
    order.orderStatus = 'TRADED';
    order.updateTime = istText(Date.now());
    order.exchangeTime = order.updateTime;
    this.alert(order);
  }

  /** Dhan or the exchange ends an order by itself: `EXPIRED` at day end, `CANCELLED`, or `REJECTED` (price band ...). */
  end(orderId: string, status: 'EXPIRED' | 'CANCELLED' | 'REJECTED', reason: string): void {
    const order = this.order(orderId);
    order.orderStatus = status;
    order.omsErrorDescription = reason;
    order.updateTime = istText(Date.now());
    this.alert(order);
  }

  close(): Promise<void> {
    this.feed.close();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private order(orderId: string): FakeDhanOrder {
    const order = this.book.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    return order;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    this.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: req.headers,
    });

    if (url.pathname === '/api-data/api-scrip-master-detailed.csv') {
      if (this.scripMasterDown) return reply(res, 503, { message: 'Service Unavailable' });
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(`${[DETAILED_HEADER, ...NOISE_ROWS, ...this.masterRows].join('\n')}\n`);
      return;
    }
    if (url.pathname === '/app/generate-consent' && method === 'POST') return this.consent(req, url, res);
    if (url.pathname === '/login/consentApp-login') return this.loginPage(url, res);
    if (url.pathname === '/app/consumeApp-consent' && method === 'GET') return this.consume(req, url, res);

    const clientId = this.tokens.get(String(req.headers['access-token'] ?? ''));
    if (!clientId) return reply(res, 401, DH901);
    const [, version, resource, id] = url.pathname.split('/');
    if (version !== 'v2') return refuse(res, 404, 'DH-910', 'Not found');
    if (resource === 'orders' && method === 'POST' && !id) return this.place(clientId, body, res);
    if (resource === 'orders' && method === 'GET' && !id) {
      const lagging = this.laggingBook;
      if (lagging && lagging.reads > 0) {
        lagging.reads -= 1;
        return reply(res, 200, lagging.rows);
      }
      return reply(res, 200, this.bookRows());
    }
    if (resource === 'orders' && id) return this.change(method, id, clientId, body, res);
    if (resource === 'positions' && method === 'GET') return reply(res, 200, this.positions(clientId));
    if (resource === 'fundlimit' && method === 'GET')
      return reply(res, 200, {
        dhanClientId: clientId,
        availabelBalance: this.funds,
        sodLimit: this.funds,
        collateralAmount: 0,
        receiveableAmount: 0,
        utilizedAmount: 1250.5,
        blockedPayoutAmount: 0,
        withdrawableBalance: this.funds,
      });
    return refuse(res, 404, 'DH-910', 'Not found');
  }

  private appOk(req: IncomingMessage): boolean {
    return req.headers.app_id === this.appId && req.headers.app_secret === this.appSecret;
  }

  private consent(req: IncomingMessage, url: URL, res: ServerResponse) {
    if (!this.appOk(req)) return refuse(res, 401, 'DH-901', 'Invalid app_id or app_secret');
    const clientId = url.searchParams.get('client_id');
    // An API key serves the client it was issued to.
    if (clientId !== this.ownerClientId) return refuse(res, 400, 'DH-905', 'Invalid client_id for this app');
    const consentAppId = randomBytes(10).toString('hex');
    this.consents.set(consentAppId, clientId);
    this.lastConsentAppId = consentAppId;
    reply(res, 200, { consentAppId, consentAppStatus: 'GENERATED', status: 'success' });
  }

  private loginPage(url: URL, res: ServerResponse) {
    const consentAppId = url.searchParams.get('consentAppId') ?? '';
    const clientId = this.consents.get(consentAppId);
    if (!clientId) return refuse(res, 400, 'DH-905', 'Invalid consentAppId');
    this.consents.delete(consentAppId);
    const tokenId = this.issueTokenId(clientId);
    res.writeHead(302, { location: `${this.redirectUrl}?tokenId=${tokenId}` });
    res.end();
  }

  private consume(req: IncomingMessage, url: URL, res: ServerResponse) {
    if (!this.appOk(req)) return refuse(res, 401, 'DH-901', 'Invalid app_id or app_secret');
    const tokenId = url.searchParams.get('tokenId') ?? '';
    const clientId = this.tokenIds.get(tokenId);
    if (!clientId) return refuse(res, 400, 'DH-905', 'Invalid or expired tokenId');
    this.tokenIds.delete(tokenId);
    const accessToken = this.issueAccessToken(clientId);
    reply(res, 200, {
      dhanClientId: clientId,
      dhanClientName: 'TEST TRADER',
      dhanClientUcc: 'ABCD1234E',
      givenPowerOfAttorney: false,
      accessToken,
      expiryTime: istText(Date.now() + 24 * 3_600_000).replace(' ', 'T'),
    });
  }

  private place(clientId: string, body: unknown, res: ServerResponse) {
    const o = (body ?? {}) as Record<string, unknown>;
    if (o.dhanClientId !== clientId) return refuse(res, 400, 'DH-905', 'Invalid dhanClientId');
    const security = this.securities.get(String(o.securityId ?? ''));
    if (!security || o.exchangeSegment !== security.segment)
      return refuse(res, 400, 'DH-905', 'Invalid securityId or exchangeSegment');
    if (!['BUY', 'SELL'].includes(String(o.transactionType)))
      return refuse(res, 400, 'DH-905', 'Invalid transactionType');
    if (!['INTRADAY', 'MARGIN'].includes(String(o.productType)))
      return refuse(res, 400, 'DH-905', 'Invalid productType');
    const type = String(o.orderType);
    if (!['MARKET', 'LIMIT', 'STOP_LOSS', 'STOP_LOSS_MARKET'].includes(type))
      return refuse(res, 400, 'DH-905', 'Invalid orderType');
    if (type === 'STOP_LOSS_MARKET' && security.option)
      return refuse(res, 400, 'DH-906', 'Stop loss market orders are not allowed for options');
    if ((type === 'LIMIT' || type === 'STOP_LOSS') && !(Number(o.price) > 0))
      return refuse(res, 400, 'DH-905', 'Invalid price');
    if (type.startsWith('STOP_LOSS') && !(Number(o.triggerPrice) > 0))
      return refuse(res, 400, 'DH-905', 'Invalid triggerPrice');
    const quantity = Number(o.quantity);
    if (!(quantity > 0)) return refuse(res, 400, 'DH-905', 'Invalid quantity');
    const orderId = String(this.nextOrderId++);
    const now = istText(Date.now());
    this.book.set(orderId, {
      dhanClientId: clientId,
      orderId,
      correlationId: String(o.correlationId ?? ''),
      orderStatus: 'PENDING',
      transactionType: String(o.transactionType),
      exchangeSegment: security.segment,
      productType: String(o.productType),
      orderType: type,
      validity: String(o.validity ?? 'DAY'),
      tradingSymbol: security.symbolName,
      securityId: security.securityId,
      quantity,
      disclosedQuantity: 0,
      price: Number(o.price ?? 0),
      triggerPrice: Number(o.triggerPrice ?? 0),
      afterMarketOrder: false,
      createTime: now,
      updateTime: now,
      exchangeTime: now,
      omsErrorCode: '',
      omsErrorDescription: '',
      remainingQuantity: quantity,
      averageTradedPrice: 0,
      filledQty: 0,
      modifications: 0,
    });
    this.alert(this.order(orderId));
    if (this.answerLost) {
      this.answerLost = false;
      res.destroy();
      return;
    }
    reply(res, 200, { orderId, orderStatus: 'PENDING' });
  }

  private change(method: string, orderId: string, clientId: string, body: unknown, res: ServerResponse) {
    const order = this.book.get(orderId);
    if (!order || order.dhanClientId !== clientId) return refuse(res, 400, 'DH-906', 'Order not found');
    if (!OPEN.has(order.orderStatus)) return refuse(res, 400, 'DH-906', `Order is ${order.orderStatus}`);
    if (method === 'DELETE') {
      order.orderStatus = 'CANCELLED';
    } else if (method === 'PUT') {
      const o = (body ?? {}) as Record<string, unknown>;
      if (o.orderId !== orderId || o.dhanClientId !== clientId)
        return refuse(res, 400, 'DH-905', 'Invalid orderId');
      if (order.modifications >= 25)
        return refuse(res, 400, 'DH-906', 'Maximum modifications exceeded for the order');
      if (!o.orderType || !(Number(o.quantity) > 0) || !o.validity)
        return refuse(res, 400, 'DH-905', 'orderType, quantity and validity are required');
      order.orderType = String(o.orderType);
      order.quantity = Number(o.quantity);
      order.remainingQuantity = order.quantity - order.filledQty;
      if (o.price !== undefined) order.price = Number(o.price);
      if (o.triggerPrice !== undefined) order.triggerPrice = Number(o.triggerPrice);
      order.modifications += 1;
    } else {
      return refuse(res, 405, 'DH-905', 'Method not allowed');
    }
    order.updateTime = istText(Date.now());
    reply(res, 200, { orderId, orderStatus: order.orderStatus });
    this.alert(order);
  }

  private positions(clientId: string) {
    const rows = new Map<
      string,
      Record<string, unknown> & { buyQty: number; sellQty: number; buyValue: number; sellValue: number }
    >();
    for (const order of this.book.values()) {
      if (order.dhanClientId !== clientId || order.filledQty === 0) continue;
      const key = `${order.securityId}|${order.productType}`;
      const row = rows.get(key) ?? {
        dhanClientId: clientId,
        tradingSymbol: order.tradingSymbol,
        securityId: order.securityId,
        exchangeSegment: order.exchangeSegment,
        productType: order.productType,
        buyQty: 0,
        sellQty: 0,
        buyValue: 0,
        sellValue: 0,
      };
      const value = order.filledQty * order.averageTradedPrice;
      if (order.transactionType === 'BUY') {
        row.buyQty += order.filledQty;
        row.buyValue += value;
      } else {
        row.sellQty += order.filledQty;
        row.sellValue += value;
      }
      rows.set(key, row);
    }
    return [...rows.values()].map(({ buyValue, sellValue, ...row }) => {
      const netQty = row.buyQty - row.sellQty;
      return {
        ...row,
        positionType: netQty > 0 ? 'LONG' : netQty < 0 ? 'SHORT' : 'CLOSED',
        buyAvg: row.buyQty ? buyValue / row.buyQty : 0,
        sellAvg: row.sellQty ? sellValue / row.sellQty : 0,
        netQty,
        costPrice: row.buyQty ? buyValue / row.buyQty : 0,
        realizedProfit: 0,
        unrealizedProfit: 0,
        multiplier: 1,
        dayBuyValue: buyValue,
        daySellValue: sellValue,
      };
    });
  }
}
