import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeBrokerOrder, FakeLiveBroker } from '../../contracts/live-broker-flow';
import { FakeVortexPrices } from './fake-vortex-prices';

// A local stand-in for Rupeezy's Vortex API v2, all hosts on one base URL (as XT_VORTEX_BASE_URL moves them):
// the flow login page `GET /?applicationId=&cb_param=` redirecting to the registered callback with `?auth=`,
// `POST /v2/user/session` (x-api-key + checksum sha256(applicationId + auth + apiKey), each auth token used once),
// `x-api-key` and `Authorization: Bearer` on every call, the WebSocket `GET /ws?auth_token=` (a text message
// with the order row on every change, and prices on subscription, fake-vortex-prices.ts; a dead token is refused at
// the upgrade with 401, a fourth socket of one token with 429: Rupeezy allows three), regular orders (`POST /v2/trading/orders/regular`,
// `PUT`/`DELETE .../{order_id}`, modify restating `traded_quantity`), the paged order book, positions (`data.net`),
// funds (the `nse` bucket at the top level), and `GET /master.csv` in the published column layout. Errors are
// `{status: "error", code, message}`; a dead token is a 401. Quantities are units on NSE_FO and lots on BSE_FO.

interface Listed {
  token: number;
  exchange: 'NSE_FO' | 'BSE_FO';
  record: InstrumentRecord;
}

export interface FakeVortexOrder {
  order_id: string;
  exchange: string;
  token: number;
  status: string;
  error_reason: string;
  transaction_type: 'BUY' | 'SELL';
  product: string;
  variety: string;
  total_quantity: number;
  pending_quantity: number;
  traded_quantity: number;
  order_price: number;
  trigger_price: number;
  traded_price: number;
  validity: string;
  symbol: string;
  lot_size: number;
  order_created_at: string;
  order_identifier: string;
}

const MASTER_HEADER =
  'token,exchange,symbol,instrument_name,series,expiry_date,option_type,strike_price,tick,lot_size,eligibility,security_desc,asm_gsm_stage,last_trading_date,isin_code,ticker,has_cas_session';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const istText = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const OPEN = new Set(['PENDING', 'TRIGGER PENDING']);
/** Rupeezy's documented limit of concurrent sockets per access token. */
const SOCKETS_PER_TOKEN = 3;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
  reply(res, status, { status: 'error', code, message });
const acked = (res: ServerResponse, message: string, orderId: string) =>
  reply(res, 200, { status: 'success', code: 's-101', message, data: { order_id: orderId } });

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export class FakeVortex implements FakeLiveBroker {
  readonly appKey = 'xt_vortex_app';
  readonly appSecret = 'vortex-api-key-secret';
  /** The price side of the socket: subscriptions and binary price frames. */
  readonly prices = new FakeVortexPrices();
  /** Where the flow page sends the browser back (the app's registered callback). */
  callbackUrl = 'http://127.0.0.1/redirect/vortex';
  readonly book = new Map<string, FakeVortexOrder>();
  private readonly listed = new Map<number, Listed>();
  private readonly authTokens = new Map<string, string>();
  private readonly sessions = new Map<string, string>();
  private funds = 100_000;
  private answerLost = false;
  private nextToken = 40_000;
  private nextOrder = 1;
  private readonly server: Server;
  private readonly wire = new WebSocketServer({ noServer: true });
  private readonly sockets = new Set<WebSocket>();
  /** Open sockets per access token (Rupeezy allows three). */
  private readonly socketsOf = new Map<string, Set<WebSocket>>();
  /** While true, the order WebSocket refuses upgrades (an outage: the adapter polls and keeps retrying). */
  streamUnavailable = false;
  baseUrl = '';
  /** The order book as it was when `lagBook` was called, answered to that many more reads. */
  private laggingBook: { orders: FakeVortexOrder[]; reads: number } | undefined;

  private constructor() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => refuse(res, 500, 'e-500', String(error)));
    });
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
  }

  /** Open sockets now (order updates and prices alike). */
  get streams(): number {
    return this.sockets.size;
  }

  /** Drops every socket (a network blip). */
  dropStreams(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const token = url.searchParams.get('auth_token') ?? '';
    const status =
      url.pathname !== '/ws' || !this.sessions.has(token)
        ? '401 Unauthorized'
        : this.streamUnavailable
          ? '503 Service Unavailable'
          : (this.socketsOf.get(token)?.size ?? 0) >= SOCKETS_PER_TOKEN
            ? '429 Too Many Requests'
            : undefined;
    if (status) {
      socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    this.wire.handleUpgrade(req, socket, head, (ws) => {
      const ofToken = this.socketsOf.get(token) ?? new Set<WebSocket>();
      this.socketsOf.set(token, ofToken);
      ofToken.add(ws);
      this.sockets.add(ws);
      this.prices.attach(ws);
      ws.on('close', () => {
        this.sockets.delete(ws);
        ofToken.delete(ws);
      });
    });
  }

  /** Every change of an order goes out on the order sockets, as its row. */
  private push(order: FakeVortexOrder) {
    this.pushRaw({ type: 'order', data: order });
  }

  /**
   * Rupeezy's order book lagging its own socket messages: the next `reads` order-book reads answer the book as it is
   * now, so a change pushed meanwhile shows only in the read after them.
   */
  lagBook(reads: number): void {
    this.laggingBook = { orders: structuredClone([...this.book.values()]), reads };
  }

  /** Sends a text message on every order socket. */
  pushRaw(message: unknown): void {
    const text = JSON.stringify(message);
    for (const socket of this.sockets) socket.send(text);
  }

  static async start(): Promise<FakeVortex> {
    const fake = new FakeVortex();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.wire.close();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A listed contract's (by our trading symbol) `EXCHANGE|TOKEN`, as the price socket names it. */
  priceKey(tradingSymbol: string): string {
    const listed = [...this.listed.values()].find((each) => each.record.tradingsymbol === tradingSymbol);
    if (!listed) throw new Error(`${tradingSymbol} is not listed`);
    return `${listed.exchange}|${listed.token}`;
  }

  /** A new last price of a listed contract (by our trading symbol): pushed to the sockets subscribed to it. */
  setPrice(tradingSymbol: string, price: number): void {
    const [exchange = '', token = ''] = this.priceKey(tradingSymbol).split('|');
    this.prices.setPrice(exchange, Number(token), price);
  }

  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      this.nextToken += 1;
      const exchange = record.exchange === 'BFO' ? 'BSE_FO' : 'NSE_FO';
      this.listed.set(this.nextToken, { token: this.nextToken, exchange, record });
      return `${exchange}|${this.nextToken}`;
    });
  }

  /** The trader logs in at the flow page: it redirects to the callback with `auth`; the body our web app posts. */
  async login(loginUrl: string, clientId: string): Promise<Record<string, string>> {
    const url = new URL(loginUrl);
    url.searchParams.set('client', clientId);
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    const auth = location ? new URL(location).searchParams.get('auth') : null;
    if (!auth) throw new Error(`the Rupeezy login page did not redirect (${response.status})`);
    return { authToken: auth };
  }

  wrongGrant(): Record<string, string> {
    return { authToken: `forged-${randomBytes(4).toString('hex')}` };
  }

  orders(): FakeBrokerOrder[] {
    return [...this.book.values()].map((order) => ({
      brokerOrderId: order.order_id,
      instrumentId: `${order.exchange}|${order.token}`,
      quantity: order.total_quantity,
      product: order.product,
      orderType: order.variety,
      side: order.transaction_type,
      ...(order.order_price > 0 ? { price: order.order_price } : {}),
      ...(order.trigger_price > 0 ? { triggerPrice: order.trigger_price } : {}),
      ...(order.order_identifier ? { tag: order.order_identifier } : {}),
      status: order.status,
    }));
  }

  fill(orderId: string, price: number): void {
    const order = this.book.get(orderId);
    if (!order || !OPEN.has(order.status)) throw new Error(`order ${orderId} is not open`);
    order.status = 'EXECUTED';
    order.traded_quantity = order.total_quantity;
    order.pending_quantity = 0;
    order.traded_price = price;
    this.push(order);
  }

  /** Rupeezy (or the exchange) ends an open order by itself: an end-of-day cancel or a price-band rejection. */
  endByBroker(orderId: string, status: 'CANCELLED' | 'REJECTED', reason: string): void {
    const order = this.book.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    order.status = status;
    order.pending_quantity = 0;
    order.error_reason = reason;
    this.push(order);
  }

  setFunds(available: number): void {
    this.funds = available;
  }

  loseNextAnswer(): void {
    this.answerLost = true;
  }

  expireSessions(): void {
    this.sessions.clear();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/') return this.flowPage(url, res);
    if (req.method === 'GET' && path === '/master.csv') {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(this.masterCsv());
      return;
    }
    if (req.headers['x-api-key'] !== this.appSecret) {
      return refuse(res, 401, 'e-401', 'Invalid x-api-key');
    }
    if (req.method === 'POST' && path === '/v2/user/session')
      return this.createSession(await readBody(req), res);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.sessions.has(bearer)) return refuse(res, 401, 'e-401', 'Invalid or expired token');

    if (req.method === 'GET' && path === '/v2/trading/orders') return this.orderBook(url, res);
    if (req.method === 'GET' && path === '/v2/trading/portfolio/positions') return this.positions(res);
    if (req.method === 'GET' && path === '/v2/user/funds') return this.fundsAnswer(res);
    if (req.method === 'POST' && path === '/v2/trading/orders/regular') {
      const body = await readBody(req);
      const placed = this.place(body, res);
      if (placed && this.answerLost) {
        this.answerLost = false;
        res.destroy();
        return;
      }
      if (placed) acked(res, 'Order Entry Sent to OMS', placed);
      const order = placed ? this.book.get(placed) : undefined;
      if (order) this.push(order);
      return;
    }
    const match = /^\/v2\/trading\/orders\/regular\/([^/]+)$/.exec(path);
    if (match && req.method === 'PUT')
      return this.modify(decodeURIComponent(match[1] as string), await readBody(req), res);
    if (match && req.method === 'DELETE') return this.cancel(decodeURIComponent(match[1] as string), res);
    refuse(res, 404, 'e-404', 'Invalid endpoint');
  }

  private flowPage(url: URL, res: ServerResponse) {
    if (url.searchParams.get('applicationId') !== this.appKey) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('Unknown application');
      return;
    }
    const auth = randomBytes(12).toString('hex');
    this.authTokens.set(auth, url.searchParams.get('client') ?? 'DEMO');
    const back = new URL(this.callbackUrl);
    back.searchParams.set('auth', auth);
    back.searchParams.set('cb_param', url.searchParams.get('cb_param') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private createSession(body: Record<string, unknown>, res: ServerResponse) {
    const token = String(body.token ?? '');
    const client = this.authTokens.get(token);
    if (body.applicationId !== this.appKey) return refuse(res, 400, 'e-400', 'Invalid application id');
    if (body.checksum !== sha256(`${this.appKey}${token}${this.appSecret}`)) {
      return refuse(res, 400, 'e-400', 'Invalid checksum');
    }
    if (!client) return refuse(res, 400, 'e-400', 'Invalid or expired auth token');
    this.authTokens.delete(token);
    const claims = Buffer.from(
      JSON.stringify({ sub: client, exp: Math.floor(Date.now() / 1000) + 8 * 3600 }),
    );
    const accessToken = `eyJhbGciOiJSUzUxMiJ9.${claims.toString('base64url')}.${randomBytes(8).toString('hex')}`;
    this.sessions.set(accessToken, client);
    reply(res, 200, {
      status: 'success',
      data: { access_token: accessToken, user_name: 'DEMO', user_id: client, others: { userCode: client } },
    });
  }

  private place(body: Record<string, unknown>, res: ServerResponse): string | undefined {
    const listed = this.listed.get(Number(body.token));
    if (!listed || listed.exchange !== body.exchange) {
      refuse(res, 400, 'e-400', 'Invalid token or exchange');
      return undefined;
    }
    const quantity = Number(body.quantity);
    const lot = listed.record.lot_size;
    const wholeLots = listed.exchange === 'NSE_FO' ? quantity % lot === 0 : Number.isInteger(quantity);
    if (!(quantity > 0) || !wholeLots) {
      refuse(res, 400, 'e-400', 'Quantity should be multiple of lot size');
      return undefined;
    }
    const variety = String(body.variety);
    if (!['RL', 'RL-MKT', 'SL', 'SL-MKT'].includes(variety)) {
      refuse(res, 400, 'e-400', 'Invalid variety');
      return undefined;
    }
    const id = `NXAAE${String(this.nextOrder++).padStart(5, '0')}K3`;
    this.book.set(id, {
      order_id: id,
      exchange: listed.exchange,
      token: listed.token,
      status: variety.startsWith('SL') ? 'TRIGGER PENDING' : 'PENDING',
      error_reason: '',
      transaction_type: body.transaction_type === 'SELL' ? 'SELL' : 'BUY',
      product: String(body.product),
      variety,
      total_quantity: quantity,
      pending_quantity: quantity,
      traded_quantity: 0,
      order_price: Number(body.price ?? 0),
      trigger_price: Number(body.trigger_price ?? 0),
      traded_price: 0,
      validity: String(body.validity ?? 'DAY'),
      symbol: listed.record.name,
      lot_size: lot,
      order_created_at: istText(Date.now()),
      order_identifier: String(body.order_identifier ?? ''),
    });
    return id;
  }

  private modify(id: string, body: Record<string, unknown>, res: ServerResponse) {
    const order = this.book.get(id);
    if (!order) return refuse(res, 400, 'e-400', 'Order not found');
    if (!OPEN.has(order.status)) return refuse(res, 400, 'e-400', 'Order is not open for modification');
    if (Number(body.traded_quantity) !== order.traded_quantity) {
      return refuse(res, 400, 'e-400', 'Traded quantity does not match');
    }
    order.variety = String(body.variety ?? order.variety);
    order.total_quantity = Number(body.quantity ?? order.total_quantity);
    order.pending_quantity = order.total_quantity - order.traded_quantity;
    order.order_price = Number(body.price ?? order.order_price);
    order.trigger_price = Number(body.trigger_price ?? order.trigger_price);
    acked(res, 'Order Modification Sent to OMS', id);
    this.push(order);
  }

  private cancel(id: string, res: ServerResponse) {
    const order = this.book.get(id);
    if (!order) return refuse(res, 400, 'e-400', 'Order not found');
    if (!OPEN.has(order.status)) return refuse(res, 400, 'e-400', 'Order is not open for cancellation');
    order.status = 'CANCELLED';
    order.pending_quantity = 0;
    acked(res, 'Order Cancellation Sent to OMS', id);
    this.push(order);
  }

  private orderBook(url: URL, res: ServerResponse) {
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Math.max(1, Number(url.searchParams.get('offset') ?? 1));
    const lagging = this.laggingBook;
    let all = [...this.book.values()];
    if (lagging && lagging.reads > 0) {
      lagging.reads -= 1;
      all = lagging.orders;
    }
    const page = all.slice(offset - 1, offset - 1 + limit);
    reply(res, 200, {
      status: 'success',
      orders: page,
      metadata: { total_records: page.length, all_records: all.length },
    });
  }

  private positions(res: ServerResponse) {
    const net = new Map<
      string,
      Record<string, unknown> & { buyQty: number; sellQty: number; buyValue: number; sellValue: number }
    >();
    for (const order of this.book.values()) {
      if (order.traded_quantity === 0) continue;
      const key = `${order.exchange}|${order.token}|${order.product}`;
      const row = net.get(key) ?? { buyQty: 0, sellQty: 0, buyValue: 0, sellValue: 0, order };
      const unitsPerQuantity = order.exchange === 'NSE_FO' ? 1 : order.lot_size;
      const value = order.traded_quantity * unitsPerQuantity * order.traded_price;
      if (order.transaction_type === 'BUY') {
        row.buyQty += order.traded_quantity;
        row.buyValue += value;
      } else {
        row.sellQty += order.traded_quantity;
        row.sellValue += value;
      }
      net.set(key, row);
    }
    const rows = [...net.values()].map(({ buyQty, sellQty, buyValue, sellValue, order }) => {
      const o = order as FakeVortexOrder;
      const quantity = buyQty - sellQty;
      const listed = this.listed.get(o.token);
      return {
        exchange: o.exchange,
        symbol: o.symbol,
        expiry_date: listed?.record.expiry?.replaceAll('-', '') ?? '',
        option_type: listed?.record.instrument_type ?? '',
        strike_price: listed?.record.strike ?? 0,
        token: o.token,
        product: o.product,
        quantity,
        lot_size: o.lot_size,
        multiplier: 1,
        average_price: quantity > 0 ? buyValue / (buyQty * (o.exchange === 'NSE_FO' ? 1 : o.lot_size)) : 0,
        buy_value: buyValue,
        sell_value: sellValue,
        buy_quantity: buyQty,
        sell_quantity: sellQty,
        buy_price: 0,
        sell_price: 0,
      };
    });
    reply(res, 200, { status: 'success', data: { net: rows, day: rows } });
  }

  private fundsAnswer(res: ServerResponse) {
    const bucket = {
      deposit: this.funds,
      funds_transferred: 0,
      collateral: 0,
      total_trading_power: this.funds,
      total_utilization: 0,
      net_available: this.funds,
    };
    reply(res, 200, {
      nse: bucket,
      mcx: { ...bucket, net_available: 0, total_trading_power: 0, deposit: 0 },
    });
  }

  private masterCsv(): string {
    const lines = [
      MASTER_HEADER,
      // Rows the adapter must skip: an equity, an index, a stock option.
      '22,NSE_EQ,ACC,EQUITIES,EQ,,,0,5,1,,"ACC LIMITED",,,INE012A01025,NSE:ACC,false',
      '26000,NSE_EQ,NIFTY,EQIDX,,,,0,5,1,,"NIFTY 50",,,,NSE:NIFTY,false',
      '51000,NSE_FO,RELIANCE,OPTSTK,XX,20261126,CE,1500,5,500,,"RELIANCE, CALL",,,,NSE:RELIANCE26NOV1500CE,false',
    ];
    for (const { token, exchange, record } of this.listed.values()) {
      const expiry = (record.expiry ?? '').replaceAll('-', '');
      const future = record.instrument_type === 'FUT';
      const type = future ? 'XX' : record.instrument_type;
      const strike = future ? '-0.01' : String(record.strike);
      lines.push(
        [
          token,
          exchange,
          record.name,
          future ? 'FUTIDX' : 'OPTIDX',
          'XX',
          expiry,
          type,
          strike,
          5,
          record.lot_size,
          '',
          `"${record.identifier}"`,
          '',
          expiry,
          '',
          `${exchange.slice(0, 3)}:${record.tradingsymbol}`,
          'false',
        ].join(','),
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
