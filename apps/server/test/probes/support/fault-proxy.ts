import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type RawData, WebSocket, WebSocketServer } from 'ws';

// A fault-injecting HTTP and WebSocket proxy in front of any fake broker: the app is pointed at the proxy, the
// proxy forwards to the fake and, when told, breaks the next matching request the ways real networks and brokers
// do. It knows nothing of any broker's protocol, so every fake gets the same faults.

export type Fault =
  /** Forwarded and processed by the broker, but the answer never comes back (a time-out after acceptance). */
  | 'lose-answer'
  /** The connection drops before the broker hears of it. */
  | 'drop'
  /** 429 Too Many Requests without forwarding. */
  | 'rate-limit'
  /** A 502 from a gateway without forwarding. */
  | 'bad-gateway'
  /** Answered with an earlier answer to the same request (an update arriving late, out of order, again). */
  | 'stale';

export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
}

export type RequestMatch = (req: ProxiedRequest) => boolean;

/** A request that places, modifies or cancels an order (not a read of the book, a login or a stream). */
export const orderCommand: RequestMatch = (req) =>
  req.method !== 'GET' &&
  /order/i.test(req.path) &&
  !/book|list|status|history|trade|retrieve|detail|margin|position/i.test(req.path);

/** A read of orders (the book, one order's history): what a tag lookup or a poll sends. */
export const orderRead: RequestMatch = (req) => /order/i.test(req.path) && !orderCommand(req);

export const anyRequest: RequestMatch = () => true;

interface Planned {
  fault: Fault;
  match: RequestMatch;
}

export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  readonly faulted: Array<ProxiedRequest & { fault: Fault }> = [];
  private planned: Planned[] = [];
  private readonly server: Server;
  private readonly streams = new Set<WebSocket>();
  private readonly relay = new WebSocketServer({ noServer: true });
  /** The first answer to each read, for 'stale'. */
  private readonly firstAnswers = new Map<string, { status: number; headers: object; body: Buffer }>();
  private readonly target: URL;
  url = '';

  private constructor(target: string) {
    this.target = new URL(target);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy());
    });
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket as Socket, head));
  }

  static async start(target: string): Promise<FaultProxy> {
    const proxy = new FaultProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
    return proxy;
  }

  /** The next request matching `match` suffers `fault` (faults are used up in the order planned). */
  plan(fault: Fault, match: RequestMatch = orderCommand, times = 1): void {
    for (let i = 0; i < times; i += 1) this.planned.push({ fault, match });
  }

  /** Forgets the answers kept for 'stale': the next answer to each read is the one replayed later. */
  forgetAnswers(): void {
    this.firstAnswers.clear();
  }

  clearPlans(): void {
    this.planned = [];
  }

  /** Drops every open stream (WebSocket) connection, as a network blip would. */
  dropStreams(): void {
    for (const socket of this.streams) socket.terminate();
    this.streams.clear();
  }

  close(): Promise<void> {
    this.dropStreams();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private takeFault(req: ProxiedRequest, answeredBefore: boolean): Fault | undefined {
    const index = this.planned.findIndex((p) => p.match(req) && (p.fault !== 'stale' || answeredBefore));
    if (index < 0) return undefined;
    const [taken] = this.planned.splice(index, 1);
    return taken?.fault;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const seen: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      body: body.toString('utf8'),
    };
    this.requests.push(seen);
    const key = `${seen.method} ${seen.path}`;
    const earlier = this.firstAnswers.get(key);
    const fault = this.takeFault(seen, earlier !== undefined);
    if (fault) this.faulted.push({ ...seen, fault });
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'rate-limit') {
      res.writeHead(429, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ status: 'error', message: 'Too many requests' }));
    }
    if (fault === 'bad-gateway') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return void res.end('<html>502 Bad Gateway</html>');
    }
    if (fault === 'stale' && earlier) {
      res.writeHead(earlier.status, earlier.headers as Record<string, string>);
      return void res.end(earlier.body);
    }
    const headers = { ...req.headers, host: this.target.host };
    const forwarded = request(
      { host: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers },
      (answer) => {
        if (fault === 'lose-answer') {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const body = Buffer.concat(parts);
          const headers = { ...answer.headers };
          delete headers['transfer-encoding'];
          headers['content-length'] = String(body.length);
          if (orderRead(seen) && !this.firstAnswers.has(key) && answer.statusCode === 200)
            this.firstAnswers.set(key, { status: 200, headers, body });
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    forwarded.on('error', () => res.destroy());
    forwarded.end(body);
  }

  /** Streams are relayed message by message (two WebSockets), so a drop closes both ends as a network cut. */
  private upgrade(req: IncomingMessage, client: Socket, head: Buffer) {
    const url = `${this.target.protocol === 'https:' ? 'wss' : 'ws'}://${this.target.host}${req.url ?? '/'}`;
    const protocol = req.headers['sec-websocket-protocol'];
    const upstream = new WebSocket(url, protocol ? protocol.split(',').map((p) => p.trim()) : [], {
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(
          ([name]) => !/^(host|connection|upgrade|sec-websocket-)/i.test(name),
        ),
      ) as Record<string, string>,
    });
    let downstream: WebSocket | undefined;
    const pending: Array<{ data: RawData; binary: boolean }> = [];
    upstream.on('message', (data, binary) => {
      if (downstream) downstream.send(data, { binary });
      else pending.push({ data, binary });
    });
    upstream.on('unexpected-response', (_request, response) => {
      client.end(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\nconnection: close\r\n\r\n`);
    });
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => downstream?.terminate());
    upstream.on('open', () => {
      this.relay.handleUpgrade(req, client, head, (socket) => {
        downstream = socket;
        this.streams.add(socket);
        for (const { data, binary } of pending.splice(0)) socket.send(data, { binary });
        socket.on('message', (data, binary) => upstream.send(data, { binary }));
        socket.on('close', () => {
          this.streams.delete(socket);
          upstream.terminate();
        });
        socket.on('error', () => upstream.terminate());
      });
    });
  }
}
