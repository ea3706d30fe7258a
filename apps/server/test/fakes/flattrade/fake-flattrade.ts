import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeBrokerOrder, FakeLiveBroker } from '../../contracts/live-broker-flow';

// A local stand-in for Flattrade's Pi API (Noren OMS), every host on one base URL:
// - `GET /?app_key=` (auth.flattrade.in): the login page; it redirects to the app's registered redirect URL with
//   `?code=<request_code>&client=<clientId>`.
// - `POST /trade/apitoken` (authapi.flattrade.in): JSON {api_key, request_code, api_secret: sha256(api_key +
//   request_code + api_secret)} -> {stat, token, client, emsg}; a code works once.
// - `POST /PiConnectTP/<Method>` (piconnect.flattrade.in): form body `jData=<json>&jKey=<token>`; PlaceOrder,
//   ModifyOrder, CancelOrder, OrderBook, PositionBook, Limits, with Noren's field names, `{stat: "Not_Ok", emsg}`
//   refusals (HTTP 200) and "no data" for an empty book.
// - `GET /scripmaster/{Nfo,Bfo}_Index_Derivatives.csv` (the S3 bucket): the scrip master as CSV.
// - WebSocket `/PiConnectWSTp/` (market data, Noren's touchline): `{t:"c", uid, actid, susertoken}` -> `{t:"ck"}`,
//   `{t:"t", k}` -> `tk` snapshots then `tf` price changes, `{t:"u", k}`;
// - WebSocket `/PiConnectWSAPI/`: `{t:"a", uid, actid, source, accesstoken}` -> `{t:"ak", s:"OK"}`, `{t:"o", actid}`
//   subscribes the account's order updates, pushed as `{t:"om", ...}` (product as `pcode`, no token) on every
//   change; `{t:"h"}` -> `{t:"hk"}`.

export interface FakeFlattradeOrder {
  norenordno: string;
  uid: string;
  status: string;
  exch: string;
  tsym: string;
  token: string;
  trantype: 'B' | 'S';
  prctyp: string;
  prd: string;
  ret: string;
  qty: number;
  fillshares: number;
  avgprc: number;
  prc: number;
  trgprc: number;
  mkt_protection: string | undefined;
  remarks: string | undefined;
  rejreason: string | undefined;
  norentm: string;
  exch_tm: string;
}

export interface RecordedFlattradeRequest {
  method: string;
  path: string;
  /** The JSON body (token exchange) or the form's jData. */
  body: Record<string, unknown> | undefined;
  jKey: string | undefined;
}

interface Listed {
  exchange: 'NFO' | 'BFO';
  token: string;
  tsym: string;
  record: InstrumentRecord;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const REDIRECT_URL = 'https://app.example/redirect/flattrade';

/** IST wall-clock parts of `ms`. */
const ist = (ms: number) => {
  const [date, time] = new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).split('T') as [
    string,
    string,
  ];
  const [y, m, d] = date.split('-');
  return { dmy: `${d}-${m}-${y}`, time };
};
const norenTime = (ms: number) => `${ist(ms).time} ${ist(ms).dmy}`;
const exchangeTime = (ms: number) => `${ist(ms).dmy} ${ist(ms).time}`;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const notOk = (res: ServerResponse, emsg: string) =>
  reply(res, 200, { stat: 'Not_Ok', emsg, request_time: norenTime(Date.now()) });

/** `2026-11-24` as Noren's `24NOV26` and the master's `24-NOV-2026`. */
function expiryParts(iso: string) {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const month = MONTHS[Number(m) - 1] as string;
  return { short: `${d}${month}${y.slice(2)}`, long: `${d}-${month}-${y}` };
}

export class FakeFlattrade implements FakeLiveBroker {
  readonly requests: RecordedFlattradeRequest[] = [];
  readonly book = new Map<string, FakeFlattradeOrder>();
  readonly listed = new Map<string, Listed>();
  private readonly codes = new Map<string, string>();
  private readonly sessions = new Map<string, string>();
  /** `EXCH|token` -> last price, for the touchline socket. */
  readonly prices = new Map<string, number>();
  /** Touchline sockets and the `EXCH|token` keys each watches. */
  private readonly touchlines = new Map<WebSocket, Set<string>>();
  private answerLost = false;
  private cash = 100_000;
  private readonly marginUsed = 0;
  private nextId = 26_112_400_000_001;
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  /** Open order-feed sockets by the account they subscribed. */
  private readonly feeds = new Map<WebSocket, string | undefined>();
  private feedDown = false;
  /** Order-feed connections accepted so far. */
  feedConnections = 0;
  baseUrl = '';

  constructor(
    readonly appKey: string,
    readonly appSecret: string,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        reply(res, 500, { stat: 'Not_Ok', emsg: String(error) }),
      );
    });
    this.server.on('upgrade', (req, socket, head) => {
      const socketPath = new URL(req.url ?? '/', 'http://fake').pathname;
      if (!this.feedDown && socketPath === '/PiConnectWSTp/') {
        this.wss.handleUpgrade(req, socket, head, (ws) => this.acceptTouchline(ws));
        return;
      }
      if (this.feedDown || socketPath !== '/PiConnectWSAPI/') {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.acceptFeed(ws));
    });
  }

  static async start(appKey = 'ft-api-key', appSecret = 'ft-api-secret'): Promise<FakeFlattrade> {
    const fake = new FakeFlattrade(appKey, appSecret);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The last price of a listed contract (by our trading symbol), pushed to the touchline sockets watching it. */
  setPrice(tradingSymbol: string, price: number): void {
    const listed = [...this.listed.values()].find((each) => each.record.tradingsymbol === tradingSymbol);
    if (!listed) throw new Error(`${tradingSymbol} is not listed`);
    const key = `${listed.exchange}|${listed.token}`;
    this.prices.set(key, price);
    // Every touchline socket watching it gets a `tf` with the changed price.
    const frame = JSON.stringify({ t: 'tf', e: listed.exchange, tk: listed.token, lp: price.toFixed(2) });
    for (const [socket, keys] of this.touchlines) if (keys.has(key)) socket.send(frame);
  }

  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      const exchange = record.exchange === 'BFO' ? 'BFO' : 'NFO';
      const { short } = expiryParts(record.expiry ?? '');
      const tsym =
        record.instrument_type === 'FUT'
          ? `${record.name}${short}F`
          : `${record.name}${short}${record.instrument_type === 'CE' ? 'C' : 'P'}${record.strike}`;
      const token = record.exchange_token || String(40_000 + this.listed.size);
      this.listed.set(tsym, { exchange, token, tsym, record });
      return tsym;
    });
  }

  /** The request code the login redirect would carry for `clientId` (the page itself is `GET /`). */
  issueCode(clientId: string): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, clientId);
    return code;
  }

  async login(loginUrl: string, clientId: string): Promise<Record<string, string>> {
    const url = new URL(loginUrl);
    url.searchParams.set('fake_client', clientId);
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`login page answered ${response.status}`);
    const code = new URL(location).searchParams.get('code');
    if (!code) throw new Error('the redirect carried no code');
    return { code };
  }

  wrongGrant(): Record<string, string> {
    return { code: randomBytes(16).toString('hex') };
  }

  orders(): FakeBrokerOrder[] {
    return [...this.book.values()].map((order) => ({
      brokerOrderId: order.norenordno,
      instrumentId: order.tsym,
      quantity: order.qty,
      product: order.prd,
      orderType: order.prctyp,
      side: order.trantype,
      ...(order.prc > 0 ? { price: order.prc } : {}),
      ...(order.trgprc > 0 ? { triggerPrice: order.trgprc } : {}),
      ...(order.remarks ? { tag: order.remarks } : {}),
      status: order.status,
    }));
  }

  fill(brokerOrderId: string, price: number): void {
    const order = this.order(brokerOrderId);
    order.fillshares = order.qty;
    order.avgprc = price;
    order.status = 'COMPLETE';
    this.touch(order);
  }

  /** The broker (or the exchange) cancels an order by itself, e.g. at the end of the day. */
  cancelByBroker(brokerOrderId: string, reason: string): void {
    const order = this.order(brokerOrderId);
    order.status = 'CANCELED';
    order.rejreason = reason;
    this.touch(order);
  }

  /** The exchange rejects a working order, e.g. its price left the band. */
  rejectByBroker(brokerOrderId: string, reason: string): void {
    const order = this.order(brokerOrderId);
    order.status = 'REJECTED';
    order.rejreason = reason;
    this.touch(order);
  }

  setFunds(available: number): void {
    this.cash = available + this.marginUsed;
  }

  /** The next placement is taken but its answer is lost (the connection drops). */
  loseNextAnswer(): void {
    this.answerLost = true;
  }

  /** Every token dies (the day's session ended). */
  expireSessions(): void {
    this.sessions.clear();
  }

  /** The order feed goes down (every socket dropped, new ones refused) or comes back. */
  setFeedDown(down: boolean): void {
    this.feedDown = down;
    if (down) for (const socket of this.feeds.keys()) socket.terminate();
  }

  /** Sockets subscribed to order updates now. */
  subscribedFeeds(): number {
    return [...this.feeds.values()].filter((actid) => actid !== undefined).length;
  }

  close(): Promise<void> {
    for (const socket of this.feeds.keys()) socket.terminate();
    for (const socket of this.touchlines.keys()) socket.terminate();
    this.wss.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private acceptFeed(socket: WebSocket) {
    this.feedConnections += 1;
    let uid: string | undefined;
    this.feeds.set(socket, undefined);
    socket.on('close', () => this.feeds.delete(socket));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (message.t === 'a') {
        const client = this.sessions.get(String(message.accesstoken ?? ''));
        if (!client || client !== message.uid) {
          socket.send(JSON.stringify({ t: 'ak', s: 'NOT_OK', emsg: 'Invalid Session Key' }));
          return;
        }
        uid = client;
        socket.send(JSON.stringify({ t: 'ak', s: 'OK', uid }));
      } else if (message.t === 'o' && uid && message.actid === uid) {
        this.feeds.set(socket, uid);
      } else if (message.t === 'h') {
        socket.send(JSON.stringify({ t: 'hk' }));
      }
    });
  }

  /**
   * Noren's touchline socket: `{t:"c", uid, actid, susertoken}` -> `{t:"ck", s:"OK"}` (or `NOT_OK`);
   * `{t:"t", k:"NFO|tok#..."}` -> a `tk` snapshot per contract, then `tf` frames as prices move; `{t:"u", k}`.
   */
  private acceptTouchline(socket: WebSocket) {
    this.touchlines.set(socket, new Set());
    socket.on('close', () => this.touchlines.delete(socket));
    let uid: string | undefined;
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      const watched = this.touchlines.get(socket);
      if (message.t === 'c') {
        const client = this.sessions.get(String(message.susertoken ?? ''));
        if (!client || client !== message.uid) {
          socket.send(JSON.stringify({ t: 'ck', s: 'NOT_OK', emsg: 'Invalid Session Key' }));
          return;
        }
        uid = client;
        socket.send(JSON.stringify({ t: 'ck', s: 'OK', uid }));
        return;
      }
      if (!uid || !watched) return;
      const asked = String(message.k ?? '')
        .split('#')
        .filter(Boolean);
      if (message.t === 't') {
        for (const key of asked) {
          watched.add(key);
          const [e, tk] = key.split('|');
          const lp = this.prices.get(key);
          socket.send(
            JSON.stringify({
              t: 'tk',
              e,
              tk,
              ...(lp !== undefined ? { lp: lp.toFixed(2) } : {}),
              c: '100.00',
            }),
          );
        }
      } else if (message.t === 'u') {
        for (const key of asked) watched.delete(key);
        socket.send(JSON.stringify({ t: 'uk', k: message.k }));
      } else if (message.t === 'h') {
        socket.send(JSON.stringify({ t: 'hk' }));
      }
    });
  }

  /** The token a listed contract (by our trading symbol) carries. */
  contractKey(tradingSymbol: string): string | undefined {
    return [...this.listed.values()].find((each) => each.record.tradingsymbol === tradingSymbol)?.token;
  }

  /** Touchline sockets subscribed to `EXCH|token` now. */
  touchlineSubscribers(key: string): number {
    return [...this.touchlines.values()].filter((keys) => keys.has(key)).length;
  }

  /** Drops every touchline socket (the client reconnects and subscribes again). */
  dropTouchlines(): void {
    for (const socket of this.touchlines.keys()) socket.terminate();
  }

  /** Pushes an order's state to the feeds subscribed to its account. */
  private push(order: FakeFlattradeOrder) {
    const { token: _token, prd, mkt_protection: _protection, norentm: _time, ...fields } = order;
    const message = JSON.stringify({
      t: 'om',
      ...fields,
      actid: order.uid,
      pcode: prd,
      reporttype: order.status === 'COMPLETE' ? 'Fill' : order.status === 'CANCELED' ? 'Canceled' : 'New',
      qty: String(order.qty),
      fillshares: String(order.fillshares),
      avgprc: order.avgprc.toFixed(2),
      prc: order.prc.toFixed(2),
      trgprc: order.trgprc.toFixed(2),
    });
    for (const [socket, actid] of this.feeds) if (actid === order.uid) socket.send(message);
  }

  private order(id: string): FakeFlattradeOrder {
    const order = this.book.get(id);
    if (!order) throw new Error(`no order ${id}`);
    return order;
  }

  private touch(order: FakeFlattradeOrder) {
    order.norentm = norenTime(Date.now());
    order.exch_tm = exchangeTime(Date.now());
    this.push(order);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/') return this.loginPage(url, res);
    if (req.method === 'GET' && path.startsWith('/scripmaster/')) return this.master(path, res);
    if (req.method === 'POST' && path === '/trade/apitoken') {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      this.requests.push({ method: 'POST', path, body, jKey: undefined });
      return this.exchange(body, res);
    }
    const method = /^\/PiConnectTP\/(\w+)$/.exec(path)?.[1];
    if (req.method !== 'POST' || !method) return reply(res, 404, { stat: 'Not_Ok', emsg: 'Not found' });
    const form = new URLSearchParams(raw);
    const jData = form.get('jData');
    const jKey = form.get('jKey') ?? undefined;
    const data = jData ? (JSON.parse(jData) as Record<string, unknown>) : undefined;
    this.requests.push({ method: 'POST', path, body: data, jKey });
    if (!data) return notOk(res, 'Invalid Input : jData is Missing.');
    const client = jKey ? this.sessions.get(jKey) : undefined;
    if (!client) return notOk(res, 'Session Expired :  Invalid Session Key');
    if (data.uid !== client) return notOk(res, 'Invalid Input : uid does not match the session');
    switch (method) {
      case 'PlaceOrder':
        return this.place(data, res);
      case 'ModifyOrder':
        return this.modify(data, res);
      case 'CancelOrder':
        return this.cancel(data, res);
      case 'OrderBook':
        return this.book.size === 0 ? notOk(res, 'no data') : reply(res, 200, this.orderRows());
      case 'PositionBook': {
        const rows = this.positions();
        return rows.length === 0 ? notOk(res, 'no data') : reply(res, 200, rows);
      }
      case 'Limits':
        return reply(res, 200, {
          stat: 'Ok',
          actid: client,
          cash: this.cash.toFixed(2),
          payin: '0.00',
          marginused: this.marginUsed.toFixed(2),
          request_time: norenTime(Date.now()),
        });
      default:
        return notOk(res, `Invalid Input : unknown method ${method}`);
    }
  }

  private loginPage(url: URL, res: ServerResponse) {
    if (url.searchParams.get('app_key') !== this.appKey) return reply(res, 400, { emsg: 'Invalid App Key' });
    const code = this.issueCode(url.searchParams.get('fake_client') ?? 'FT000001');
    const target = new URL(REDIRECT_URL);
    target.searchParams.set('code', code);
    target.searchParams.set('client', this.codes.get(code) as string);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  private exchange(body: Record<string, unknown>, res: ServerResponse) {
    const code = String(body.request_code ?? '');
    const client = this.codes.get(code);
    if (body.api_key !== this.appKey) return notOk(res, 'Invalid API key');
    if (!client) return notOk(res, 'Invalid Request Code');
    if (body.api_secret !== sha256(this.appKey + code + this.appSecret))
      return notOk(res, 'Invalid api secret');
    this.codes.delete(code);
    const token = sha256(randomBytes(16).toString('hex'));
    this.sessions.set(token, client);
    reply(res, 200, { request_code: code, stat: 'Ok', token, client, emsg: '' });
  }

  private place(o: Record<string, unknown>, res: ServerResponse) {
    const listed = this.listed.get(String(o.tsym ?? ''));
    if (!listed || listed.exchange !== o.exch) return notOk(res, 'Invalid Trading Symbol');
    const prctyp = String(o.prctyp ?? '');
    if (prctyp === 'SL-MKT') return notOk(res, 'RED:SL-MKT order type is not allowed for option contracts');
    if (prctyp === 'MKT' && !(Number(o.mkt_protection) > 0))
      return notOk(res, 'RED:Market order without market protection is not allowed');
    if ((prctyp === 'LMT' || prctyp === 'SL-LMT') && !(Number(o.prc) > 0))
      return notOk(res, 'Invalid Input : Price is required');
    if (prctyp === 'SL-LMT' && !(Number(o.trgprc) > 0))
      return notOk(res, 'Invalid Input : Trigger price invalid');
    const qty = Number(o.qty);
    if (!(qty > 0) || qty % listed.record.lot_size !== 0)
      return notOk(res, 'RED:Quantity should be in multiples of lot size');
    const id = String(this.nextId++);
    const order: FakeFlattradeOrder = {
      norenordno: id,
      uid: String(o.uid),
      status: prctyp === 'SL-LMT' ? 'TRIGGER_PENDING' : 'OPEN',
      exch: listed.exchange,
      tsym: listed.tsym,
      token: listed.token,
      trantype: o.trantype === 'S' ? 'S' : 'B',
      prctyp,
      prd: String(o.prd),
      ret: String(o.ret),
      qty,
      fillshares: 0,
      avgprc: 0,
      prc: Number(o.prc ?? 0),
      trgprc: Number(o.trgprc ?? 0),
      mkt_protection: o.mkt_protection === undefined ? undefined : String(o.mkt_protection),
      remarks: o.remarks === undefined ? undefined : String(o.remarks),
      rejreason: undefined,
      norentm: norenTime(Date.now()),
      exch_tm: exchangeTime(Date.now()),
    };
    this.book.set(id, order);
    this.push(order);
    if (this.answerLost) {
      this.answerLost = false;
      res.destroy();
      return;
    }
    reply(res, 200, { request_time: norenTime(Date.now()), stat: 'Ok', norenordno: id });
  }

  private working(data: Record<string, unknown>, res: ServerResponse): FakeFlattradeOrder | undefined {
    const order = this.book.get(String(data.norenordno ?? ''));
    if (!order) {
      notOk(res, 'Rejected : ORA:Order not found');
      return undefined;
    }
    if (!['OPEN', 'TRIGGER_PENDING', 'PENDING'].includes(order.status)) {
      notOk(res, `Rejected : Order is in ${order.status} state`);
      return undefined;
    }
    return order;
  }

  private modify(data: Record<string, unknown>, res: ServerResponse) {
    const order = this.working(data, res);
    if (!order) return;
    if (data.tsym !== order.tsym || data.exch !== order.exch || !data.qty || !data.prctyp)
      return notOk(res, 'Invalid Input : exch, tsym, qty and prctyp are required');
    order.prctyp = String(data.prctyp);
    order.qty = Number(data.qty);
    order.prc = Number(data.prc ?? 0);
    order.trgprc = Number(data.trgprc ?? 0);
    this.touch(order);
    reply(res, 200, { request_time: norenTime(Date.now()), stat: 'Ok', result: order.norenordno });
  }

  private cancel(data: Record<string, unknown>, res: ServerResponse) {
    const order = this.working(data, res);
    if (!order) return;
    order.status = 'CANCELED';
    this.touch(order);
    reply(res, 200, { request_time: norenTime(Date.now()), stat: 'Ok', result: order.norenordno });
  }

  private orderRows() {
    // Noren lists the newest first; numbers travel as strings.
    return [...this.book.values()].reverse().map((order) => ({
      stat: 'Ok',
      ...order,
      qty: String(order.qty),
      fillshares: String(order.fillshares),
      avgprc: order.avgprc.toFixed(2),
      prc: order.prc.toFixed(2),
      trgprc: order.trgprc.toFixed(2),
    }));
  }

  private positions() {
    const rows = new Map<string, Record<string, unknown> & { netqty: number }>();
    for (const order of this.book.values()) {
      if (order.fillshares === 0) continue;
      const key = `${order.tsym}:${order.prd}`;
      const row = rows.get(key) ?? {
        stat: 'Ok',
        exch: order.exch,
        tsym: order.tsym,
        token: order.token,
        prd: order.prd,
        netqty: 0,
        daybuyqty: 0,
        daysellqty: 0,
        daybuyamt: 0,
        daysellamt: 0,
        lp: order.avgprc,
      };
      const value = order.fillshares * order.avgprc;
      if (order.trantype === 'B') {
        row.daybuyqty = Number(row.daybuyqty) + order.fillshares;
        row.daybuyamt = Number(row.daybuyamt) + value;
      } else {
        row.daysellqty = Number(row.daysellqty) + order.fillshares;
        row.daysellamt = Number(row.daysellamt) + value;
      }
      row.netqty = Number(row.daybuyqty) - Number(row.daysellqty);
      rows.set(key, row);
    }
    return [...rows.values()].map((row) => {
      const buys = Number(row.daybuyqty);
      return {
        ...row,
        netqty: String(row.netqty),
        daybuyqty: String(row.daybuyqty),
        daysellqty: String(row.daysellqty),
        daybuyamt: Number(row.daybuyamt).toFixed(2),
        daysellamt: Number(row.daysellamt).toFixed(2),
        netavgprc: (buys > 0 ? Number(row.daybuyamt) / buys : 0).toFixed(2),
        lp: Number(row.lp).toFixed(2),
      };
    });
  }

  private master(path: string, res: ServerResponse) {
    const exchange = path.endsWith('/Nfo_Index_Derivatives.csv')
      ? 'NFO'
      : path.endsWith('/Bfo_Index_Derivatives.csv')
        ? 'BFO'
        : undefined;
    if (!exchange) return reply(res, 404, { emsg: 'NoSuchKey' });
    const lines = ['Exchange,Token,Lotsize,Symbol,Tradingsymbol,Expiry,Instrument,Optiontype,Strike'];
    for (const { exchange: at, token, tsym, record } of this.listed.values()) {
      if (at !== exchange) continue;
      const future = record.instrument_type === 'FUT';
      // BSE names its index contracts BSXOPT/BKXOPT in the Symbol column.
      const symbol =
        at === 'BFO' && !future
          ? ({ SENSEX: 'BSXOPT', BANKEX: 'BKXOPT' }[record.name] ?? record.name)
          : record.name;
      lines.push(
        [
          at,
          token,
          record.lot_size,
          symbol,
          tsym,
          expiryParts(record.expiry ?? '').long,
          future ? 'FUTIDX' : 'OPTIDX',
          future ? 'XX' : record.instrument_type,
          future ? '-0.01' : record.strike.toFixed(2),
        ].join(','),
      );
    }
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end(`${lines.join('\n')}\n`);
  }
}
