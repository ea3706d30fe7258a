import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeBrokerOrder, FakeLiveBroker } from '../../contracts/live-broker-flow';
import { FakeAlicePriceSocket } from './fake-alice-price-socket';

// A local stand-in for AliceBlue's open-api (V2), every host collapsed onto one base URL as XT_ALICEBLUE_BASE_URL
// does: the login page `/?appcode=` redirecting with `?authCode=&userId=`, `POST /open-api/od/v1/vendor/getUserDetails`
// with checkSum = sha256(userId + authCode + apiSecret) (a code works once), Bearer sessions, `POST
// /orders/placeorder` (a JSON array), `/orders/modify`, `/orders/cancel`, `GET /orders/book`, `/positions`,
// `/limits/`, the `{status, message, result}` envelope with refusals as HTTP 200 + Not_Ok and a bare EC code, and
// the contract master CSVs under `/restpy/static/contract_master/V2/`, and the Order Status Feed (`createWsToken`,
// then a socket at `/open-api/order-notify/websocket` subscribed with `{orderToken, userId}` that pushes `{t: "om"}`
// frames), off unless `feedEnabled` (AliceBlue switches it on per account), and the market-data socket at
// `/NorenWS/` (`prices`, fake-alice-price-socket.ts). Tests fill, expire, move prices and drop by hand.

export interface FakeAliceOrder {
  brokerOrderId: string;
  orderStatus: string;
  tradingSymbol: string;
  instrumentId: string;
  exchange: string;
  transactionType: 'BUY' | 'SELL';
  orderType: string;
  product: string;
  validity: string;
  quantity: number;
  filledQuantity: number;
  pendingQuantity: number;
  price: number;
  slTriggerPrice: number;
  averageTradedPrice: number;
  rejectionReason: string;
  orderTag: string;
  algoId: string;
  marketProtectionPercent: string;
  orderTime: string;
  exchangeUpdateTime: string;
}

export interface RecordedAliceRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

interface Listed {
  token: string;
  exch: 'NFO' | 'BFO';
  symbol: string;
  tradingSymbol: string;
  instrumentType: string;
  optionType: string;
  strike: number;
  expiry: string;
  lotSize: number;
}

const API = '/open-api/od/v1';
const MASTER = '/restpy/static/contract_master/V2/';
const MASTER_HEADER =
  'Exch,Exchange Segment,Symbol,Token,Instrument Type,Option Type,Strike Price,Instrument Name,Formatted Ins Name,Trading Symbol,Expiry Date,Lot Size,Tick Size';
const OPEN = new Set(['OPEN', 'TRIGGER PENDING']);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const istText = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const ok = (res: ServerResponse, result: unknown) =>
  reply(res, 200, { status: 'Ok', message: 'Success', result });
const notOk = (res: ServerResponse, message: string) =>
  reply(res, 200, { status: 'Not_Ok', message, result: [] });

export class FakeAliceBlue implements FakeLiveBroker {
  readonly requests: RecordedAliceRequest[] = [];
  readonly book = new Map<string, FakeAliceOrder>();
  readonly listed = new Map<string, Listed>();
  private readonly authCodes = new Map<string, string>();
  private readonly sessions = new Set<string>();
  /** AliceBlue user id of each session. */
  private readonly sessionUsers = new Map<string, string>();
  private answerLost = false;
  /** The next placement is booked but answered with this instead. */
  placementAnswer: unknown;
  private funds = 500_000;
  private nextId = 25_112_400_000_001;
  private nextToken = 40_001;
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  /** Subscribed feed sockets by AliceBlue user id. */
  private readonly feeds = new Map<WebSocket, string>();
  private readonly orderTokens = new Map<string, string>();
  /** Whether the Order Status Feed is switched on for the account (off: createWsToken answers an empty 200). */
  feedEnabled = false;
  /** Every message feed clients sent, parsed. */
  readonly feedMessages: unknown[] = [];
  baseUrl = '';
  /** The market-data socket (`/NorenWS/`): prices moved by hand, accepting the live sessions. */
  readonly prices = new FakeAlicePriceSocket(
    () => new Map([...this.sessions].map((session) => [session, this.sessionUsers.get(session) ?? ''])),
  );

  constructor(
    readonly appKey: string,
    readonly appSecret: string,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        reply(res, 500, { status: 'Not_Ok', message: String(error) }),
      );
    });
    this.server.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://fake').pathname === '/NorenWS/') {
        this.prices.handleUpgrade(req, socket, head, (ws) => this.prices.accept(ws));
        return;
      }
      if (new URL(req.url ?? '/', 'http://fake').pathname !== '/open-api/order-notify/websocket') {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.acceptFeed(ws));
    });
  }

  /** The sockets subscribed to the feed now. */
  get feedClients(): number {
    return this.feeds.size;
  }

  /** The feed connection drops (the client falls back to polling and comes back). */
  dropFeed(): void {
    for (const socket of this.feeds.keys()) socket.terminate();
    this.feeds.clear();
  }

  private acceptFeed(ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        orderToken?: string;
        userId?: string;
        heartbeat?: string;
      };
      this.feedMessages.push(message);
      if (message.orderToken === undefined) return;
      const owner = this.orderTokens.get(message.orderToken);
      if (!owner || owner !== message.userId) {
        ws.close(4001, 'invalid order token');
        return;
      }
      this.feeds.set(ws, owner);
    });
    ws.on('close', () => this.feeds.delete(ws));
  }

  /** Pushes an order's change to the subscribed sockets, as a Noren-style `om` frame. */
  private push(order: FakeAliceOrder): void {
    const frame = JSON.stringify({
      t: 'om',
      norenordno: order.brokerOrderId,
      status: order.orderStatus,
      exch: order.exchange,
      tsym: order.tradingSymbol,
      qty: String(order.quantity),
      fillshares: String(order.filledQuantity),
      prc: String(order.price),
      trgprc: String(order.slTriggerPrice),
      avgprc: String(order.averageTradedPrice),
      trantype: order.transactionType === 'BUY' ? 'B' : 'S',
      prctyp: order.orderType,
      pcode: order.product,
      rejreason: order.rejectionReason,
    });
    for (const socket of this.feeds.keys()) socket.send(frame);
  }

  static async start(appKey = 'XTALICEAPP', appSecret = 'alice-api-secret'): Promise<FakeAliceBlue> {
    const fake = new FakeAliceBlue(appKey, appSecret);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      const token = String(this.nextToken++);
      const [y, m, d] = (record.expiry ?? '').split('-');
      const future = record.instrument_type === 'FUT';
      const bse = record.exchange === 'BFO';
      const month = MONTHS[Number(m) - 1] ?? 'JAN';
      this.listed.set(token, {
        token,
        exch: bse ? 'BFO' : 'NFO',
        symbol: record.name,
        tradingSymbol: future
          ? `${record.name}${d}${month}${y?.slice(2)}F`
          : `${record.name}${d}${month}${y?.slice(2)}${record.instrument_type === 'CE' ? 'C' : 'P'}${record.strike}`,
        instrumentType: future ? (bse ? 'IF' : 'FUTIDX') : bse ? 'IO' : 'OPTIDX',
        optionType: future ? 'XX' : record.instrument_type,
        strike: future ? -1 : record.strike,
        expiry: record.expiry ?? '',
        lotSize: record.lot_size,
      });
      return token;
    });
  }

  /** The trader signs in at the login page as `clientId`; the redirect's query becomes our callback body. */
  async login(loginUrl: string, clientId: string): Promise<Record<string, string>> {
    const url = new URL(loginUrl);
    url.searchParams.set('userId', clientId);
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`login page answered ${response.status}`);
    const query = new URL(location).searchParams;
    return { authCode: query.get('authCode') ?? '', clientId: query.get('userId') ?? '' };
  }

  wrongGrant(clientId: string): Record<string, string> {
    return { authCode: randomBytes(12).toString('hex'), clientId };
  }

  /** An auth code as the login redirect delivers it for `userId`. */
  issueAuthCode(userId: string): string {
    const code = randomBytes(12).toString('hex');
    this.authCodes.set(code, userId);
    return code;
  }

  orders(): FakeBrokerOrder[] {
    return [...this.book.values()].map((order) => ({
      brokerOrderId: order.brokerOrderId,
      instrumentId: order.instrumentId,
      quantity: order.quantity,
      product: order.product,
      orderType: order.orderType,
      side: order.transactionType,
      ...(order.price > 0 ? { price: order.price } : {}),
      ...(order.slTriggerPrice > 0 ? { triggerPrice: order.slTriggerPrice } : {}),
      ...(order.orderTag ? { tag: order.orderTag } : {}),
      status: order.orderStatus,
    }));
  }

  fill(brokerOrderId: string, price: number, quantity?: number): void {
    const order = this.book.get(brokerOrderId);
    if (!order) throw new Error(`no order ${brokerOrderId}`);
    const filled = Math.min(quantity ?? order.pendingQuantity, order.pendingQuantity);
    const value = order.averageTradedPrice * order.filledQuantity + price * filled;
    order.filledQuantity += filled;
    order.averageTradedPrice = Math.round((value / order.filledQuantity) * 100) / 100;
    order.pendingQuantity = order.quantity - order.filledQuantity;
    order.orderStatus = order.pendingQuantity === 0 ? 'COMPLETE' : 'OPEN';
    order.exchangeUpdateTime = istText(Date.now());
    this.push(order);
  }

  /** The exchange or AliceBlue ends a resting order by itself (price band, end of day). */
  end(brokerOrderId: string, status: 'CANCELLED' | 'REJECTED', reason: string): void {
    const order = this.book.get(brokerOrderId);
    if (!order) throw new Error(`no order ${brokerOrderId}`);
    order.orderStatus = status;
    order.rejectionReason = reason;
    order.exchangeUpdateTime = istText(Date.now());
    this.push(order);
  }

  setFunds(available: number): void {
    this.funds = available;
  }

  expireSessions(): void {
    this.sessions.clear();
  }

  /** The next placement is taken into the book but its answer never arrives (the connection drops). */
  loseNextAnswer(): void {
    this.answerLost = true;
  }

  close(): Promise<void> {
    this.dropFeed();
    this.prices.close();
    this.wss.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path, body, authorization: req.headers.authorization });
    if (path === '/' && method === 'GET') return this.loginPage(url, res);
    if (path.startsWith(MASTER)) return this.master(path.slice(MASTER.length), res);
    if (path === `${API}/vendor/getUserDetails` && method === 'POST') return this.userDetails(body, res);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.sessions.has(token))
      return reply(res, 401, { status: 'Not_Ok', message: 'EC087', result: [] });
    if (path === '/open-api/order-notify/ws/createWsToken' && method === 'GET') {
      if (!this.feedEnabled) {
        res.writeHead(200);
        res.end();
        return;
      }
      const orderToken = randomBytes(8).toString('hex');
      this.orderTokens.set(orderToken, this.sessionUsers.get(token) ?? '');
      return ok(res, [{ orderToken }]);
    }
    const route = `${method} ${path.replace(API, '')}`;
    if (route === 'POST /orders/placeorder') return this.place(body, res);
    if (route === 'POST /orders/modify') return this.modify(body, res);
    if (route === 'POST /orders/cancel') return this.cancel(body, res);
    if (route === 'GET /orders/book')
      return this.book.size > 0 ? ok(res, [...this.book.values()]) : notOk(res, 'EC916');
    if (route === 'GET /positions') {
      const rows = this.positions();
      return rows.length > 0 ? ok(res, rows) : notOk(res, 'EC920');
    }
    if (route === 'GET /limits/')
      return ok(res, [{ tradingLimit: this.funds, utilizedMargin: 12_500.5, collateralMargin: 0 }]);
    return reply(res, 404, { status: 'Not_Ok', message: 'Not found', result: [] });
  }

  private loginPage(url: URL, res: ServerResponse) {
    if (url.searchParams.get('appcode') !== this.appKey) return reply(res, 400, { emsg: 'Invalid appcode' });
    const userId = url.searchParams.get('userId') ?? 'AB1234';
    const code = this.issueAuthCode(userId);
    // The app's redirect URL is registered at AliceBlue; any https page stands for it here.
    res.writeHead(302, {
      location: `https://app.example/redirect/aliceblue?authCode=${code}&userId=${userId}`,
    });
    res.end();
  }

  private master(file: string, res: ServerResponse) {
    const exch = file.replace(/\.csv$/, '');
    const rows = [...this.listed.values()]
      .filter((row) => row.exch === exch)
      .map((row) =>
        [
          row.exch,
          row.exch === 'NFO' ? 'nse_fo' : 'bse_fo',
          row.symbol,
          row.token,
          row.instrumentType,
          row.optionType,
          row.strike,
          `${row.symbol} ${row.instrumentType}`,
          `"${row.symbol} ${row.expiry} ${row.strike} ${row.optionType}"`,
          row.tradingSymbol,
          row.expiry,
          row.lotSize,
          0.05,
        ].join(','),
      );
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end([MASTER_HEADER, ...rows].join('\n'));
  }

  private userDetails(body: unknown, res: ServerResponse) {
    const checkSum = (body as { checkSum?: string } | undefined)?.checkSum;
    const match = [...this.authCodes].find(
      ([code, userId]) => sha256(userId + code + this.appSecret) === checkSum,
    );
    if (!match) return reply(res, 200, { stat: 'Not_ok', emsg: 'EC913' });
    this.authCodes.delete(match[0]);
    const userSession = `eyJ.${randomBytes(16).toString('hex')}`;
    this.sessions.add(userSession);
    this.sessionUsers.set(userSession, match[1]);
    reply(res, 200, { stat: 'Ok', clientId: match[1], userSession });
  }

  private place(body: unknown, res: ServerResponse) {
    const [order] = Array.isArray(body) ? body : [];
    const o = (order ?? {}) as Record<string, unknown>;
    const listed = this.listed.get(String(o.instrumentId ?? ''));
    const orderType = String(o.orderType ?? '');
    const price = Number(o.price ?? 0);
    const trigger = Number(o.slTriggerPrice ?? 0);
    const quantity = Number(o.quantity);
    const refusal = !o.instrumentId
      ? 'EC941'
      : !listed || listed.exch !== o.exchange
        ? 'EC947'
        : !['MARKET', 'LIMIT', 'SL', 'SLM'].includes(orderType)
          ? 'EC930'
          : !['INTRADAY', 'NRML', 'LONGTERM'].includes(String(o.product))
            ? 'EC092'
            : !(quantity > 0) || quantity % listed.lotSize !== 0
              ? 'EC954'
              : (orderType === 'LIMIT' || orderType === 'SL') && !(price > 0)
                ? 'EC950'
                : orderType === 'SL' && !(trigger > 0)
                  ? 'EC951'
                  : orderType === 'MARKET' && !(Number(o.marketProtectionPercent) > 0)
                    ? 'EC988'
                    : String(o.orderTag ?? '').length > 50
                      ? 'EC971'
                      : String(o.algoId ?? '').length > 12
                        ? 'EC972'
                        : undefined;
    if (refusal || !listed) return ok(res, [{ status: 'Not_Ok', message: refusal, brokerOrderId: '' }]);
    const id = String(this.nextId++);
    const now = istText(Date.now());
    this.book.set(id, {
      brokerOrderId: id,
      orderStatus: orderType === 'SL' || orderType === 'SLM' ? 'TRIGGER PENDING' : 'OPEN',
      tradingSymbol: listed.tradingSymbol,
      instrumentId: listed.token,
      exchange: listed.exch,
      transactionType: o.transactionType === 'SELL' ? 'SELL' : 'BUY',
      orderType,
      product: String(o.product),
      validity: String(o.validity),
      quantity,
      filledQuantity: 0,
      pendingQuantity: quantity,
      price,
      slTriggerPrice: trigger,
      averageTradedPrice: 0,
      rejectionReason: '',
      orderTag: String(o.orderTag ?? ''),
      algoId: String(o.algoId ?? ''),
      marketProtectionPercent: String(o.marketProtectionPercent ?? ''),
      orderTime: now,
      exchangeUpdateTime: now,
    });
    this.push(this.book.get(id) as FakeAliceOrder);
    if (this.placementAnswer) {
      const answer = this.placementAnswer;
      this.placementAnswer = undefined;
      return reply(res, 200, answer);
    }
    if (this.answerLost) {
      this.answerLost = false;
      res.destroy();
      return;
    }
    ok(res, [{ status: 'Ok', brokerOrderId: id }]);
  }

  private modify(body: unknown, res: ServerResponse) {
    const change = (body ?? {}) as Record<string, unknown>;
    const order = this.book.get(String(change.brokerOrderId ?? ''));
    if (!order) return notOk(res, 'EC999');
    if (!OPEN.has(order.orderStatus)) return notOk(res, 'EC993');
    order.quantity = Number(change.quantity ?? order.quantity);
    order.pendingQuantity = order.quantity - order.filledQuantity;
    order.orderType = String(change.orderType ?? order.orderType);
    order.price = Number(change.price ?? order.price);
    order.slTriggerPrice = Number(change.slTriggerPrice ?? order.slTriggerPrice);
    order.exchangeUpdateTime = istText(Date.now());
    this.push(order);
    ok(res, [{ brokerOrderId: order.brokerOrderId }]);
  }

  private cancel(body: unknown, res: ServerResponse) {
    const order = this.book.get(
      String((body as { brokerOrderId?: unknown } | undefined)?.brokerOrderId ?? ''),
    );
    if (!order) return notOk(res, 'EC997');
    if (!OPEN.has(order.orderStatus)) return notOk(res, 'EC993');
    order.orderStatus = 'CANCELLED';
    order.exchangeUpdateTime = istText(Date.now());
    this.push(order);
    ok(res, [{ brokerOrderId: order.brokerOrderId }]);
  }

  private positions() {
    const rows = new Map<
      string,
      {
        tradingSymbol: string;
        instrumentId: string;
        exchange: string;
        product: string;
        netQuantity: number;
        buyQuantity: number;
        sellQuantity: number;
        dayBuyPrice: number;
        daySellPrice: number;
        netAveragePrice: number;
        ltp: number;
      }
    >();
    for (const order of this.book.values()) {
      if (order.filledQuantity === 0) continue;
      const key = `${order.instrumentId}:${order.product}`;
      const row = rows.get(key) ?? {
        tradingSymbol: order.tradingSymbol,
        instrumentId: order.instrumentId,
        exchange: order.exchange,
        product: order.product,
        netQuantity: 0,
        buyQuantity: 0,
        sellQuantity: 0,
        dayBuyPrice: 0,
        daySellPrice: 0,
        netAveragePrice: 0,
        ltp: order.averageTradedPrice,
      };
      const buy = order.transactionType === 'BUY';
      const [quantity, average] = buy
        ? [row.buyQuantity, row.dayBuyPrice]
        : [row.sellQuantity, row.daySellPrice];
      const total = quantity + order.filledQuantity;
      const newAverage =
        Math.round(((average * quantity + order.averageTradedPrice * order.filledQuantity) / total) * 100) /
        100;
      if (buy) {
        row.buyQuantity = total;
        row.dayBuyPrice = newAverage;
      } else {
        row.sellQuantity = total;
        row.daySellPrice = newAverage;
      }
      row.netQuantity = row.buyQuantity - row.sellQuantity;
      row.netAveragePrice = row.netQuantity >= 0 ? row.dayBuyPrice : row.daySellPrice;
      rows.set(key, row);
    }
    return [...rows.values()];
  }
}
