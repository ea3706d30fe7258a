import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type WebSocket, WebSocketServer } from 'ws';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeBrokerOrder, FakeLiveBroker } from '../../contracts/live-broker-flow';
import { FakeUpstoxMarketFeed } from './market-feed';
import { masterRowOf, OTHER_ROWS, type UpstoxMasterRow } from './master';

// A local stand-in for Upstox, every host on one base URL (as XT_UPSTOX_BASE_URL puts them): the v2 authorization
// dialog (redirects back with a single-use code) and the form-encoded token exchange with its checks (client id,
// secret, redirect URI equal to the dialog's, code unused); Bearer tokens; v3 place/modify/cancel; the v2 order
// book, short-term positions and funds; the gzipped JSON instrument masters; the portfolio stream feed (authorize
// answers a single-use wss URI on Upstox's host; the socket pushes each order change as JSON, `update_type: "order"`);
// the market data feed V3 (market-feed.ts: authorize, then protobuf LTPC frames for the subscribed keys). Success is `{status: "success", data}`,
// failure `{status: "error", errors: [{errorCode, message, propertyPath, invalidValue}]}` with a 4xx.

export interface FakeUpstoxOrder {
  order_id: string;
  status: string;
  status_message: string | null;
  instrument_token: string;
  trading_symbol: string;
  exchange: string;
  product: string;
  order_type: string;
  transaction_type: string;
  validity: string;
  quantity: number;
  filled_quantity: number;
  pending_quantity: number;
  price: number;
  trigger_price: number;
  average_price: number;
  tag: string | null;
  market_protection: number | null;
  order_timestamp: string;
  exchange_timestamp: string | null;
}

export interface RecordedUpstoxRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  contentType: string | undefined;
  authorization: string | undefined;
}

const istText = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const success = (res: ServerResponse, data: unknown) =>
  reply(res, 200, { status: 'success', data, metadata: { latency: 7 } });
const failure = (res: ServerResponse, status: number, errorCode: string, message: string) =>
  reply(res, status, {
    status: 'error',
    errors: [{ errorCode, message, propertyPath: null, invalidValue: null, error_code: errorCode }],
  });

const WORKING = new Set(['open', 'trigger pending']);

export class FakeUpstox implements FakeLiveBroker {
  readonly requests: RecordedUpstoxRequest[] = [];
  readonly book = new Map<string, FakeUpstoxOrder>();
  readonly master: UpstoxMasterRow[] = [];
  /** The market data feed V3 (prices of subscribed instrument keys). */
  readonly feed = new FakeUpstoxMarketFeed();
  /** Codes the dialog issued, with the redirect URI they were issued for. */
  private readonly codes = new Map<string, { redirectUri: string; userId: string }>();
  private readonly tokens = new Set<string>();
  private available = 250_000;
  private answerLost = false;
  private nextFailure: { status: number; errorCode: string; message: string } | undefined;
  private nextOrderId = 250_000_000_000_000;
  private nextToken = 43_919;
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly streamCodes = new Set<string>();
  readonly streams = new Set<WebSocket>();
  /** How many socket URIs were authorized (each connect authorizes again). */
  streamAuthorizations = 0;
  /** False: the stream authorize answers 503 (the feed is down), so orders are seen by polling only. */
  streamAvailable = true;
  baseUrl = '';

  private constructor(
    readonly appKey: string,
    readonly appSecret: string,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => failure(res, 500, 'UDAPI100500', String(error)));
    });
    this.server.on('upgrade', (req, socket, head) => {
      if (this.feed.upgrade(req, socket, head)) return;
      const url = new URL(req.url ?? '/', 'http://fake');
      const code = url.searchParams.get('code') ?? '';
      if (url.pathname !== '/v2/feed/portfolio-stream-feed' || !this.streamCodes.delete(code)) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        this.streams.add(ws);
        ws.on('close', () => this.streams.delete(ws));
      });
    });
  }

  static async start(appKey = 'xt-upstox-client-id', appSecret = 'xt-upstox-secret'): Promise<FakeUpstox> {
    const fake = new FakeUpstox(appKey, appSecret);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      const row = masterRowOf(record, this.nextToken++);
      this.master.push(row);
      return row.instrument_key;
    });
  }

  /** The trader signs in on the dialog: it redirects to the app's redirect URI with a fresh code. */
  async login(loginUrl: string, clientId: string): Promise<Record<string, string>> {
    const response = await fetch(`${loginUrl}&user_id=${encodeURIComponent(clientId)}`, {
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`login refused: ${await response.text()}`);
    const code = new URL(location).searchParams.get('code');
    if (!code) throw new Error(`no code in ${location}`);
    return { code };
  }

  /** A code for the trader as the dialog would hand it to `redirectUri` (without going through the dialog). */
  issueCode(redirectUri: string, userId = 'CLIENT1'): string {
    const code = randomBytes(3).toString('hex');
    this.codes.set(code, { redirectUri, userId });
    return code;
  }

  wrongGrant(_clientId: string): Record<string, string> {
    return { code: 'made-up' };
  }

  orders(): FakeBrokerOrder[] {
    return [...this.book.values()].map((o) => ({
      brokerOrderId: o.order_id,
      instrumentId: o.instrument_token,
      quantity: o.quantity,
      product: o.product,
      orderType: o.order_type,
      side: o.transaction_type,
      ...(o.price > 0 ? { price: o.price } : {}),
      ...(o.trigger_price > 0 ? { triggerPrice: o.trigger_price } : {}),
      ...(o.tag ? { tag: o.tag } : {}),
      status: o.status,
    }));
  }

  /** Fills the rest of a working order at `price`; the next read of the book shows it. */
  fill(brokerOrderId: string, price: number, quantity?: number): void {
    const order = this.order(brokerOrderId);
    const qty = Math.min(quantity ?? order.pending_quantity, order.pending_quantity);
    const value = order.average_price * order.filled_quantity + price * qty;
    order.filled_quantity += qty;
    order.pending_quantity -= qty;
    order.average_price = Math.round((value / order.filled_quantity) * 100) / 100;
    order.status = order.pending_quantity === 0 ? 'complete' : 'open';
    order.exchange_timestamp = istText(Date.now());
    this.push(order);
  }

  /** The exchange or Upstox ends an order on its own (a price-band rejection, the end-of-day cancel). */
  endByBroker(brokerOrderId: string, status: 'cancelled' | 'rejected', message: string): void {
    const order = this.order(brokerOrderId);
    order.status = status;
    order.status_message = message;
    order.exchange_timestamp = istText(Date.now());
    this.push(order);
  }

  /** An order change as the portfolio stream sends it. */
  private push(order: FakeUpstoxOrder): void {
    const message = JSON.stringify({ ...order, update_type: 'order', user_id: 'CLIENT1' });
    for (const ws of this.streams) ws.send(message);
  }

  /** The last price of a contract (by instrument key), pushed to the feed connections subscribing it. */
  setPrice(instrumentKey: string, price: number): void {
    this.feed.setPrice(instrumentKey, price);
  }

  setFunds(available: number): void {
    this.available = available;
  }

  expireSessions(): void {
    this.tokens.clear();
  }

  /** The next order command (place, modify, cancel) is refused with this error, nothing booked. */
  refuseNextOrder(status: number, errorCode: string, message: string): void {
    this.nextFailure = { status, errorCode, message };
  }

  /** The next placement is booked but its answer never arrives (the connection drops). */
  loseNextAnswer(): void {
    this.answerLost = true;
  }

  /** Drops every stream connection (the client falls back to polling and reconnects). */
  dropStreams(): void {
    for (const ws of this.streams) ws.terminate();
    this.streams.clear();
  }

  close(): Promise<void> {
    this.dropStreams();
    this.feed.shutdown();
    this.wss.close();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private order(id: string): FakeUpstoxOrder {
    const order = this.book.get(id);
    if (!order) throw new Error(`no order ${id}`);
    return order;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const contentType = req.headers['content-type'];
    const body: unknown = !raw
      ? undefined
      : contentType?.startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : JSON.parse(raw);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    this.requests.push({ method, path, query, body, contentType, authorization: req.headers.authorization });

    if (path === '/v2/login/authorization/dialog') return this.dialog(query, res);
    if (path === '/v2/login/authorization/token' && method === 'POST') return this.token(body, res);
    const master = /^\/market-quote\/instruments\/exchange\/(NSE|BSE)\.json\.gz$/.exec(path);
    if (master) return this.masterFile(master[1] as 'NSE' | 'BSE', res);

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token))
      return failure(res, 401, 'UDAPI100050', 'Invalid token used to access API');
    const refusal = path.startsWith('/v3/order/') ? this.nextFailure : undefined;
    if (refusal) {
      this.nextFailure = undefined;
      return failure(res, refusal.status, refusal.errorCode, refusal.message);
    }
    if (path === '/v2/feed/portfolio-stream-feed/authorize') return this.authorizeStream(query, res);
    if (path === '/v3/order/place' && method === 'POST') return this.place(body, res);
    if (path === '/v3/order/modify' && method === 'PUT') return this.modify(body, res);
    if (path === '/v3/order/cancel' && method === 'DELETE') return this.cancel(query.order_id, res);
    if (path === '/v2/order/retrieve-all' && method === 'GET') return success(res, [...this.book.values()]);
    if (path === '/v2/portfolio/short-term-positions') return success(res, this.positions());
    if (path === '/v2/user/get-funds-and-margin') return this.funds(query, res);
    if (path === '/v3/feed/market-data-feed/authorize' && method === 'GET')
      return success(res, this.feed.authorize());
    return failure(res, 404, 'UDAPI100060', 'Resource not Found.');
  }

  private dialog(query: Record<string, string>, res: ServerResponse) {
    if (query.response_type !== 'code' || query.client_id !== this.appKey || !query.redirect_uri)
      return failure(
        res,
        400,
        'UDAPI100069',
        "Check your 'client_id' and 'redirect_uri'; one or both are incorrect.",
      );
    const code = this.issueCode(query.redirect_uri, query.user_id ?? 'CLIENT1');
    const target = new URL(query.redirect_uri);
    target.searchParams.set('code', code);
    if (query.state) target.searchParams.set('state', query.state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  private token(body: unknown, res: ServerResponse) {
    const form = (body ?? {}) as Record<string, string>;
    if (form.grant_type !== 'authorization_code')
      return failure(res, 400, 'UDAPI100016', 'Invalid grant_type');
    if (form.client_id !== this.appKey || form.client_secret !== this.appSecret)
      return failure(res, 401, 'UDAPI100016', 'Invalid Credentials');
    const issued = this.codes.get(form.code ?? '');
    if (!issued) return failure(res, 400, 'UDAPI100057', 'Invalid Auth code');
    if (issued.redirectUri !== form.redirect_uri)
      return failure(
        res,
        400,
        'UDAPI100069',
        "Check your 'client_id' and 'redirect_uri'; one or both are incorrect.",
      );
    // The code is single-use.
    this.codes.delete(form.code as string);
    const accessToken = `eyJ.${randomBytes(16).toString('hex')}`;
    this.tokens.add(accessToken);
    reply(res, 200, {
      email: 'trader@example.com',
      exchanges: ['NSE', 'NFO', 'BSE', 'BFO'],
      products: ['D', 'I', 'CO', 'MTF'],
      broker: 'UPSTOX',
      user_id: issued.userId,
      user_name: 'Test Trader',
      order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
      user_type: 'individual',
      poa: false,
      is_active: true,
      access_token: accessToken,
      extended_token: null,
    });
  }

  private authorizeStream(query: Record<string, string>, res: ServerResponse) {
    if (!this.streamAvailable) return failure(res, 503, 'UDAPI100500', 'Service unavailable');
    if (query.update_types !== 'order') return failure(res, 400, 'UDAPI1100', 'Invalid update_types');
    this.streamAuthorizations += 1;
    const code = randomBytes(8).toString('hex');
    this.streamCodes.add(code);
    success(res, {
      authorized_redirect_uri: `wss://api.upstox.com/v2/feed/portfolio-stream-feed?update_types=order&requestId=${code}&code=${code}`,
    });
  }

  private masterFile(exchange: 'NSE' | 'BSE', res: ServerResponse) {
    const rows = [...OTHER_ROWS, ...this.master].filter((row) =>
      String(row.segment).startsWith(`${exchange}_`),
    );
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(gzipSync(JSON.stringify(rows)));
  }

  private place(body: unknown, res: ServerResponse) {
    const o = (body ?? {}) as Record<string, unknown>;
    const row = this.master.find((r) => r.instrument_key === o.instrument_token);
    if (!row) return failure(res, 400, 'UDAPI1021', 'Invalid instrument key');
    const type = String(o.order_type);
    if (!['MARKET', 'LIMIT', 'SL', 'SL-M'].includes(type))
      return failure(res, 400, 'UDAPI1022', 'Invalid order type');
    if (!['I', 'D', 'MTF'].includes(String(o.product)))
      return failure(res, 400, 'UDAPI1023', 'Invalid product');
    if (!['BUY', 'SELL'].includes(String(o.transaction_type)))
      return failure(res, 400, 'UDAPI1024', 'Invalid transaction type');
    const quantity = Number(o.quantity);
    if (!(quantity > 0) || quantity % Number(row.lot_size) !== 0)
      return failure(res, 400, 'UDAPI1042', 'Quantity should be a multiple of lot size');
    if ((type === 'LIMIT' || type === 'SL') && !(Number(o.price) > 0))
      return failure(res, 400, 'UDAPI1039', 'Price is required');
    if ((type === 'MARKET' || type === 'SL-M') && Number(o.price) > 0)
      return failure(res, 400, 'UDAPI1040', 'Price not required');
    if ((type === 'SL' || type === 'SL-M') && !(Number(o.trigger_price) > 0))
      return failure(res, 400, 'UDAPI1043', 'Trigger price is required');
    if (type === 'SL-M' && row.instrument_type !== 'FUT')
      return failure(res, 400, 'UDAPI1118', 'SL-M orders are not allowed for options');
    const id = String(this.nextOrderId++);
    this.book.set(id, {
      order_id: id,
      status: type === 'SL' || type === 'SL-M' ? 'trigger pending' : 'open',
      status_message: null,
      instrument_token: row.instrument_key,
      trading_symbol: String(row.trading_symbol),
      exchange: row.segment === 'BSE_FO' ? 'BFO' : 'NFO',
      product: String(o.product),
      order_type: type,
      transaction_type: String(o.transaction_type),
      validity: String(o.validity ?? 'DAY'),
      quantity,
      filled_quantity: 0,
      pending_quantity: quantity,
      price: Number(o.price ?? 0),
      trigger_price: Number(o.trigger_price ?? 0),
      average_price: 0,
      tag: typeof o.tag === 'string' ? o.tag : null,
      market_protection: typeof o.market_protection === 'number' ? o.market_protection : null,
      order_timestamp: istText(Date.now()),
      exchange_timestamp: null,
    });
    this.push(this.order(id));
    if (this.answerLost) {
      this.answerLost = false;
      res.destroy();
      return;
    }
    success(res, { order_ids: [id] });
  }

  private modify(body: unknown, res: ServerResponse) {
    const o = (body ?? {}) as Record<string, unknown>;
    const order = this.book.get(String(o.order_id));
    if (!order) return failure(res, 400, 'UDAPI100010', 'Order not found');
    if (!WORKING.has(order.status))
      return failure(res, 400, 'UDAPI100040', `Order is ${order.status} and cannot be modified`);
    if (o.order_type !== undefined) order.order_type = String(o.order_type);
    if (o.price !== undefined) order.price = Number(o.price);
    if (o.trigger_price !== undefined) order.trigger_price = Number(o.trigger_price);
    if (o.quantity !== undefined) {
      order.quantity = Number(o.quantity);
      order.pending_quantity = order.quantity - order.filled_quantity;
    }
    order.exchange_timestamp = istText(Date.now());
    this.push(order);
    success(res, { order_id: order.order_id });
  }

  private cancel(id: string | undefined, res: ServerResponse) {
    const order = this.book.get(id ?? '');
    if (!order) return failure(res, 400, 'UDAPI100010', 'Order not found');
    if (!WORKING.has(order.status))
      return failure(res, 400, 'UDAPI100040', `Order is ${order.status} and cannot be cancelled`);
    order.status = 'cancelled';
    order.status_message = 'Cancelled by user';
    order.exchange_timestamp = istText(Date.now());
    this.push(order);
    success(res, { order_id: order.order_id });
  }

  private funds(query: Record<string, string>, res: ServerResponse) {
    const used = 12_500.5;
    const equity = {
      used_margin: used,
      payin_amount: 0,
      span_margin: used,
      adhoc_margin: 0,
      notional_cash: 0,
      available_margin: this.available,
      exposure_margin: 0,
    };
    if (query.segment === 'SEC') return success(res, { equity });
    success(res, { equity, commodity: { ...equity, used_margin: 0, available_margin: 0 } });
  }

  private positions() {
    const rows = new Map<string, Record<string, number | string>>();
    for (const order of this.book.values()) {
      if (order.filled_quantity === 0) continue;
      const key = `${order.instrument_token}:${order.product}`;
      const row = rows.get(key) ?? {
        exchange: order.exchange,
        instrument_token: order.instrument_token,
        trading_symbol: order.trading_symbol,
        tradingsymbol: order.trading_symbol,
        product: order.product,
        quantity: 0,
        day_buy_quantity: 0,
        day_sell_quantity: 0,
        day_buy_value: 0,
        day_sell_value: 0,
        buy_value: 0,
        sell_value: 0,
        overnight_quantity: 0,
        overnight_buy_quantity: 0,
        overnight_sell_quantity: 0,
        overnight_buy_amount: 0,
        overnight_sell_amount: 0,
        multiplier: 1,
        last_price: order.average_price,
        average_price: 0,
        pnl: 0,
        realised: 0,
        unrealised: 0,
      };
      const value = order.filled_quantity * order.average_price;
      const buy = order.transaction_type === 'BUY';
      const add = (field: string, amount: number) => {
        row[field] = Number(row[field]) + amount;
      };
      add(buy ? 'day_buy_quantity' : 'day_sell_quantity', order.filled_quantity);
      add(buy ? 'day_buy_value' : 'day_sell_value', value);
      add(buy ? 'buy_value' : 'sell_value', value);
      row.quantity = Number(row.day_buy_quantity) - Number(row.day_sell_quantity);
      const net = Number(row.quantity);
      row.average_price =
        net > 0
          ? Number(row.day_buy_value) / Number(row.day_buy_quantity)
          : net < 0
            ? Number(row.day_sell_value) / Number(row.day_sell_quantity)
            : 0;
      rows.set(key, row);
    }
    return [...rows.values()];
  }
}
