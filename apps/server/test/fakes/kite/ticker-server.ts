import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { encodeFrame, encodePacket, type FakeMode, type FakeQuote, HEARTBEAT } from './packets';

// The fake KiteTicker: `?api_key&access_token` checked at the upgrade (403 otherwise, as Kite answers a dead
// token), JSON `{a, v}` requests (subscribe, unsubscribe, mode; new subscriptions in quote mode), binary ticks in
// each socket's mode, a 1-byte heartbeat, and `{"type":"order"}` text messages for the account's order updates.

interface Client {
  socket: WebSocket;
  userId: string;
  modes: Map<number, FakeMode>;
}

export interface TickerMessageLog {
  userId: string;
  message: unknown;
}

export class FakeTickerServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly clients = new Set<Client>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Every request a client sent, parsed. */
  readonly received: TickerMessageLog[] = [];
  connections = 0;
  /** While true, upgrades are answered 503 (an outage: the client must keep retrying). */
  unavailable = false;
  /** While true, no heartbeats are sent (a line that silently died). */
  silent = false;

  constructor(
    private readonly userOf: (apiKey: string, accessToken: string) => string | undefined,
    heartbeatMs: number,
  ) {
    this.heartbeat = setInterval(() => {
      if (this.silent) return;
      for (const client of this.clients) client.socket.send(HEARTBEAT);
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.unavailable) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    const userId = this.userOf(
      url.searchParams.get('api_key') ?? '',
      url.searchParams.get('access_token') ?? '',
    );
    if (!userId) {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, userId));
  }

  private accept(socket: WebSocket, userId: string) {
    const client: Client = { socket, userId, modes: new Map() };
    this.clients.add(client);
    this.connections += 1;
    socket.on('close', () => this.clients.delete(client));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: { a?: string; v?: unknown };
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      this.received.push({ userId, message });
      this.apply(client, message);
    });
  }

  private apply(client: Client, { a, v }: { a?: string; v?: unknown }) {
    const tokens = (list: unknown) => (Array.isArray(list) ? list.filter((t) => typeof t === 'number') : []);
    if (a === 'subscribe')
      for (const token of tokens(v)) client.modes.set(token, client.modes.get(token) ?? 'quote');
    if (a === 'unsubscribe') for (const token of tokens(v)) client.modes.delete(token);
    if (a === 'mode' && Array.isArray(v) && ['ltp', 'quote', 'full'].includes(v[0])) {
      for (const token of tokens(v[1])) if (client.modes.has(token)) client.modes.set(token, v[0]);
    }
  }

  /** Sends each subscribed socket the quote in the mode it asked for. */
  pushQuote(quote: FakeQuote): void {
    for (const client of this.clients) {
      const mode = client.modes.get(quote.token);
      if (mode) client.socket.send(encodeFrame([encodePacket(quote, mode)]));
    }
  }

  /** Sends raw bytes to every socket of a user (malformed-frame tests). */
  pushRaw(userId: string, data: Buffer | string): void {
    for (const client of this.clients) if (client.userId === userId) client.socket.send(data);
  }

  /** Order update text message to the account's sockets. */
  pushOrder(userId: string, order: object): void {
    this.pushRaw(userId, JSON.stringify({ type: 'order', data: order }));
  }

  /** Which tokens, in which mode, a user's sockets are subscribed to. */
  subscriptions(userId: string): Map<number, FakeMode> {
    const merged = new Map<number, FakeMode>();
    for (const client of this.clients) {
      if (client.userId === userId) for (const [token, mode] of client.modes) merged.set(token, mode);
    }
    return merged;
  }

  openSockets(userId?: string): number {
    return [...this.clients].filter((c) => userId === undefined || c.userId === userId).length;
  }

  /** Cuts every connection (the adapter must reconnect and resubscribe). */
  dropAll(): void {
    for (const client of this.clients) client.socket.terminate();
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.dropAll();
    this.wss.close();
  }
}
