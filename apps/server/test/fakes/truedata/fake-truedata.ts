import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

// A local TrueData real-time server speaking its documented WebSocket protocol: login in the URL
// (`?user=&password=`) answered by the first message (`{"success":true,"message":"TrueData Real Time Data
// Service",...}` or `{"success":false,...}`), `addsymbol`/`removesymbol` requests (addsymbol answers a `symbollist`
// snapshot row per symbol), `{"trade":[symbolID, ts, LTP, ...]}` ticks to the sockets subscribed, and a
// `HeartBeat` message. Tests drive prices with `trade()`, drop lines with `dropAll()`, refuse logins with
// `unavailable`, and read every request in `received`.

interface Client {
  socket: WebSocket;
  symbols: Set<string>;
}

/** IST wall time without offset, as TrueData writes it. */
export const trueDataTime = (ms: number): string => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19);

export class FakeTrueData {
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly clients = new Set<Client>();
  private readonly ids = new Map<string, number>();
  private readonly last = new Map<string, { price: number; close: number; ts: number }>();
  private heartbeat: NodeJS.Timeout | undefined;
  /** Every request a client sent, parsed. */
  readonly received: unknown[] = [];
  /** Successful logins. */
  logins = 0;
  /** While true, a login is answered `{"success":false}` and the socket closed. */
  unavailable = false;
  /** While true, no heartbeats are sent. */
  silent = false;
  /** The licence's symbol limit per connection, stated at login (`maxsymbols`); symbols added past it are refused. */
  maxSymbols = 5000;
  /** `addsymbol` requests refused for the limit. */
  refusedAdds = 0;

  constructor(
    private readonly credentials: { user: string; password: string },
    private readonly heartbeatMs = 1000,
  ) {
    this.server = createServer((_request, response) => {
      response.statusCode = 404;
      response.end();
    });
    this.server.on('upgrade', (request, socket, head) => {
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const url = new URL(request.url ?? '/', 'http://fake');
        this.accept(ws, url.searchParams.get('user'), url.searchParams.get('password'));
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.heartbeat = setInterval(() => {
      if (this.silent) return;
      const beat = JSON.stringify({
        success: true,
        message: 'HeartBeat',
        timestamp: trueDataTime(Date.now()),
      });
      for (const client of this.clients) client.socket.send(beat);
    }, this.heartbeatMs);
    this.heartbeat.unref();
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Sockets now open. */
  get connections(): number {
    return this.clients.size;
  }

  /** How many sockets subscribe `symbol` now. */
  subscribers(symbol: string): number {
    let count = 0;
    for (const client of this.clients) if (client.symbols.has(symbol)) count += 1;
    return count;
  }

  /** Every symbol some socket subscribes now. */
  subscribedSymbols(): string[] {
    const symbols = new Set<string>();
    for (const client of this.clients) for (const symbol of client.symbols) symbols.add(symbol);
    return [...symbols];
  }

  /** A trade of `symbol` at `price` (time `ts`), sent to the sockets that subscribe it. */
  trade(symbol: string, price: number, ts = Date.now(), close = price): void {
    this.last.set(symbol, { price, close, ts });
    const frame = JSON.stringify({
      trade: [
        String(this.idOf(symbol)),
        trueDataTime(ts),
        String(price),
        '75',
        String(price),
        '1000',
        String(close),
        String(price),
        String(close),
        String(close),
        '0',
        '0',
        '0',
        '',
        '1',
        String(price - 0.05),
        '75',
        String(price + 0.05),
        '75',
      ],
    });
    for (const client of this.clients) if (client.symbols.has(symbol)) client.socket.send(frame);
  }

  /** Ends every connection (a network cut): clients must reconnect and add their symbols again. */
  dropAll(): void {
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
  }

  private idOf(symbol: string): number {
    let id = this.ids.get(symbol);
    if (id === undefined) {
      id = 100_000_001 + this.ids.size;
      this.ids.set(symbol, id);
    }
    return id;
  }

  private accept(socket: WebSocket, user: string | null, password: string | null) {
    if (this.unavailable || user !== this.credentials.user || password !== this.credentials.password) {
      socket.send(JSON.stringify({ success: false, message: 'Invalid Username or Password' }));
      socket.close();
      return;
    }
    this.logins += 1;
    const client: Client = { socket, symbols: new Set() };
    this.clients.add(client);
    socket.on('close', () => this.clients.delete(client));
    socket.send(
      JSON.stringify({
        success: true,
        message: 'TrueData Real Time Data Service',
        segments: ['IND', 'FO'],
        maxsymbols: this.maxSymbols,
        subscription: 'tick',
        validity: '2027-01-01T00:00:00',
      }),
    );
    socket.on('message', (data) => {
      let request: { method?: unknown; symbols?: unknown };
      try {
        request = JSON.parse(String(data));
      } catch {
        return;
      }
      this.received.push(request);
      const symbols = Array.isArray(request.symbols)
        ? request.symbols.filter((s): s is string => typeof s === 'string')
        : [];
      if (request.method === 'addsymbol') {
        const room = Math.max(0, this.maxSymbols - client.symbols.size);
        const fresh = symbols.filter((symbol) => !client.symbols.has(symbol));
        if (fresh.length > room) {
          this.refusedAdds += 1;
          socket.send(JSON.stringify({ success: false, message: 'Symbol limit exceeded' }));
          return;
        }
        for (const symbol of symbols) client.symbols.add(symbol);
        const symbollist = symbols.map((symbol) => {
          const last = this.last.get(symbol);
          const price = last?.price ?? 0;
          const close = last?.close ?? 0;
          return [
            symbol,
            String(this.idOf(symbol)),
            trueDataTime(last?.ts ?? Date.now()),
            String(price),
            '0',
            String(price),
            '0',
            String(close),
            String(price),
            String(close),
            String(close),
            '0',
            '0',
            '0',
            String(price),
            '0',
            String(price),
            '0',
          ];
        });
        socket.send(
          JSON.stringify({
            success: true,
            message: 'symbols added',
            symbolsadded: symbols.length,
            symbollist,
            totalsymbolsubscribed: client.symbols.size,
          }),
        );
      } else if (request.method === 'removesymbol') {
        for (const symbol of symbols) client.symbols.delete(symbol);
        socket.send(
          JSON.stringify({ success: true, message: 'symbols removed', symbolsremoved: symbols.length }),
        );
      } else if (request.method === 'logout') {
        socket.close();
      }
    });
  }
}
