import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import { IIFL_CONTRACT_HEADER, IIFL_NOISE_ROWS, iiflContractRow, iiflTradingSymbol } from './contract-files';

// A local stand-in for the IIFL Capital API v1 (reference B): `POST /getusersession` with the checksum
// sha256(clientId + authCode + appSecret), Bearer sessions, `POST /orders` (a JSON array), `PUT`/`DELETE
// /orders/{id}`, `GET /orders`, `/positions`, `/limits`, `POST /marketdata/marketquotes` (a JSON array of
// `{exchange, instrumentId}`), the public contract files `GET /contractfiles/<NSEFO|BSEFO>.csv` (no session), and
// the `{status, message, result}` envelope with business failures as HTTP 200 + Not_Ok. Tests fill, reject, price
// and expire by hand.

export interface FakeIiflOrder {
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
  rejectionReason: string | null;
  orderTag: string | null;
  marketProtectionPercent: number | null;
  exchangeUpdateTime: string;
}

export interface RecordedIiflRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const istText = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const ok = (res: ServerResponse, result: unknown) =>
  reply(res, 200, { status: 'Ok', message: 'Success', result });
const notOk = (res: ServerResponse, message: string) =>
  reply(res, 200, { status: 'Not_Ok', message, result: null });

export class FakeIifl {
  readonly requests: RecordedIiflRequest[] = [];
  readonly orders = new Map<string, FakeIiflOrder>();
  /** IIFL's trading symbols by instrument id, for the order book's tradingSymbol. */
  readonly symbols = new Map<string, string>();
  /** Contract-file rows by segment. */
  private readonly contractRows = new Map<string, string[]>();
  /** Last prices by instrument id; per client id where a test gives one session its own answer. */
  private readonly prices = new Map<string, number>();
  private readonly authCodes = new Map<string, string>();
  /** Live user sessions and their client ids. */
  private readonly sessions = new Map<string, string>();
  private nextInstrumentId = 35_000;
  private answerLost = false;
  private nextId = 2_400_000_000;
  private readonly server: Server;
  url = '';

  constructor(readonly appSecret: string) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        reply(res, 500, { status: 'Not_Ok', message: String(error) }),
      );
    });
  }

  static async start(appSecret: string): Promise<FakeIifl> {
    const fake = new FakeIifl(appSecret);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  /** An auth code as IIFL's login redirect delivers it for `clientId`. */
  issueAuthCode(clientId: string): string {
    const code = randomBytes(12).toString('hex');
    this.authCodes.set(code, clientId);
    return code;
  }

  /** Lists our contracts in IIFL's contract files; returns their IIFL instrument ids, in order. */
  listContracts(records: readonly InstrumentRecord[]): string[] {
    return records.map((record) => {
      const id = String(this.nextInstrumentId++);
      const segment = record.exchange === 'BFO' ? 'BSEFO' : 'NSEFO';
      this.contractRows.set(segment, [
        ...(this.contractRows.get(segment) ?? []),
        iiflContractRow(record, id),
      ]);
      this.symbols.set(id, iiflTradingSymbol(record));
      return id;
    });
  }

  /** The market-quote answer for `instrumentId`, for every session or only `clientId`'s. */
  setPrice(instrumentId: string, price: number, clientId?: string): void {
    this.prices.set(clientId ? `${clientId}:${instrumentId}` : instrumentId, price);
  }

  expireSessions(): void {
    this.sessions.clear();
  }

  /** The next placement is taken into the book but its answer never arrives (the connection drops). */
  loseNextAnswer(): void {
    this.answerLost = true;
  }

  fill(brokerOrderId: string, quantity: number, price: number): void {
    const order = this.orders.get(brokerOrderId);
    if (!order) throw new Error(`no order ${brokerOrderId}`);
    const value = order.averageTradedPrice * order.filledQuantity + price * quantity;
    order.filledQuantity += quantity;
    order.averageTradedPrice = Math.round((value / order.filledQuantity) * 100) / 100;
    order.pendingQuantity = order.quantity - order.filledQuantity;
    order.orderStatus = order.pendingQuantity === 0 ? 'Complete' : 'Open';
    order.exchangeUpdateTime = istText(Date.now());
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const path = new URL(req.url ?? '/', 'http://fake').pathname.replace(/^\/v1/, '');
    this.requests.push({ method: req.method ?? 'GET', path, body, authorization: req.headers.authorization });
    if (path === '/getusersession' && req.method === 'POST') return this.createSession(body, res);
    const file = /^\/contractfiles\/(NSEFO|BSEFO)\.csv$/.exec(path)?.[1];
    if (file && req.method === 'GET') return this.contractFile(file, res);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const clientId = token ? this.sessions.get(token) : undefined;
    if (!clientId) return reply(res, 401, { status: 'Not_Ok', message: 'Unauthorized' });
    if (path === '/marketdata/marketquotes' && req.method === 'POST') return this.quotes(body, clientId, res);
    const [, resource, id] = path.split('/');
    if (resource === 'orders' && req.method === 'POST') return this.place(body, res);
    if (resource === 'orders' && req.method === 'GET' && !id) return ok(res, [...this.orders.values()]);
    if (resource === 'orders' && id) return this.change(req.method ?? '', id, body, res);
    if (resource === 'positions') return ok(res, this.positions());
    if (resource === 'limits') return ok(res, { tradingLimit: 250_000, utilizedMargin: 12_500.5 });
    return reply(res, 404, { status: 'Not_Ok', message: 'Not found' });
  }

  private createSession(body: unknown, res: ServerResponse) {
    const checkSum = (body as { checkSum?: string } | undefined)?.checkSum;
    const match = [...this.authCodes].find(
      ([code, clientId]) => sha256(clientId + code + this.appSecret) === checkSum,
    );
    if (!match) return notOk(res, 'Invalid checksum or auth code');
    this.authCodes.delete(match[0]);
    const userSession = `jwt.${randomBytes(16).toString('hex')}`;
    this.sessions.set(userSession, match[1]);
    reply(res, 200, { status: 'Ok', message: 'Success', userSession });
  }

  private contractFile(segment: string, res: ServerResponse) {
    const rows = [IIFL_CONTRACT_HEADER, ...IIFL_NOISE_ROWS, ...(this.contractRows.get(segment) ?? [])];
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end(`${rows.join('\r\n')}\r\n`);
  }

  /** Each asked instrument with a price, as IIFL answers it (instrumentId as a number). */
  private quotes(body: unknown, clientId: string, res: ServerResponse) {
    if (!Array.isArray(body)) return notOk(res, 'Invalid request');
    const result = body.flatMap((item: { exchange?: string; instrumentId?: string }) => {
      const id = String(item?.instrumentId ?? '');
      const ltp = this.prices.get(`${clientId}:${id}`) ?? this.prices.get(id);
      if (ltp === undefined) return [];
      return [{ exchange: item.exchange, instrumentId: Number(id), ltp, close: 100, tickTimestamp: '' }];
    });
    ok(res, result);
  }

  private place(body: unknown, res: ServerResponse) {
    const [order] = Array.isArray(body) ? body : [];
    const o = order as Record<string, unknown> | undefined;
    if (!o?.instrumentId || !o.exchange || !o.transactionType || !o.orderType)
      return notOk(res, 'Invalid order');
    if (o.orderType === 'SLM') return notOk(res, 'Stop loss market orders are not allowed');
    if ((o.orderType === 'LIMIT' || o.orderType === 'SL') && !(Number(o.price) > 0))
      return notOk(res, 'Invalid price');
    const id = String(this.nextId++);
    const stop = o.orderType === 'SL';
    this.orders.set(id, {
      brokerOrderId: id,
      orderStatus: stop ? 'Trigger_Pending' : 'Open',
      tradingSymbol: this.symbols.get(String(o.instrumentId)) ?? `ID${o.instrumentId}`,
      instrumentId: String(o.instrumentId),
      exchange: String(o.exchange),
      transactionType: o.transactionType as 'BUY' | 'SELL',
      orderType: String(o.orderType),
      product: String(o.product),
      validity: String(o.validity),
      quantity: Number(o.quantity),
      filledQuantity: 0,
      pendingQuantity: Number(o.quantity),
      price: Number(o.price ?? 0),
      slTriggerPrice: Number(o.slTriggerPrice ?? 0),
      averageTradedPrice: 0,
      rejectionReason: null,
      orderTag: (o.orderTag as string) ?? null,
      marketProtectionPercent: (o.marketProtectionPercent as number) ?? null,
      exchangeUpdateTime: istText(Date.now()),
    });
    if (this.answerLost) {
      this.answerLost = false;
      res.destroy();
      return;
    }
    ok(res, [{ status: 'Ok', brokerOrderId: id }]);
  }

  private change(method: string, id: string, body: unknown, res: ServerResponse) {
    const order = this.orders.get(id);
    if (!order) return reply(res, 404, { status: 'Not_Ok', message: `Order ${id} not found` });
    if (!['Open', 'Trigger_Pending'].includes(order.orderStatus)) return notOk(res, 'Order is not open');
    if (method === 'DELETE') order.orderStatus = 'Cancelled';
    else if (method === 'PUT') Object.assign(order, body);
    else return reply(res, 405, { status: 'Not_Ok', message: 'Method not allowed' });
    order.exchangeUpdateTime = istText(Date.now());
    ok(res, { brokerOrderId: id });
  }

  private positions() {
    const rows = new Map<
      string,
      {
        instrumentId: string;
        tradingSymbol: string;
        product: string;
        netQuantity: number;
        buyQuantity: number;
        sellQuantity: number;
        buyValue: number;
        sellValue: number;
        ltp: number;
      }
    >();
    for (const order of this.orders.values()) {
      if (order.filledQuantity === 0) continue;
      const key = `${order.tradingSymbol}:${order.product}`;
      const row = rows.get(key) ?? {
        instrumentId: order.instrumentId,
        tradingSymbol: order.tradingSymbol,
        product: order.product,
        netQuantity: 0,
        buyQuantity: 0,
        sellQuantity: 0,
        buyValue: 0,
        sellValue: 0,
        ltp: order.averageTradedPrice,
      };
      const value = order.filledQuantity * order.averageTradedPrice;
      if (order.transactionType === 'BUY') {
        row.buyQuantity += order.filledQuantity;
        row.buyValue += value;
      } else {
        row.sellQuantity += order.filledQuantity;
        row.sellValue += value;
      }
      row.netQuantity = row.buyQuantity - row.sellQuantity;
      rows.set(key, row);
    }
    return [...rows.values()];
  }
}
