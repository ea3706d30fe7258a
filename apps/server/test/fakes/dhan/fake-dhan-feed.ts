import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

// Dhan's live market feed as DhanHQ v2 documents it (`wss://api-feed.dhan.co?version=2&token=&clientId=&authType=2`,
// reached at the fake's root with those query parameters): JSON requests in (`RequestCode` 15 subscribes ticker
// packets, 16 unsubscribes them, 12 disconnects; at most 100 instruments a message and 5,000 a connection), binary
// little-endian packets out. Each packet has the 8-byte header (code, uint16 length of the whole packet, segment
// number, uint32 security id); a ticker (code 2) carries float32 LTP and int32 LTT, a prev close (code 6) float32
// close and int32 OI, a disconnect (code 50) a uint16 reason. A session Dhan does not know gets a disconnect 808,
// a token that expires while open 807, a sixth connection of a client pushes the first out with 805, too many
// instruments 804, a malformed connection 814.

/** The segment numbers of Dhan's annexure for the segments this fake lists. */
const SEGMENT_NUMBER: Readonly<Record<string, number>> = { NSE_FNO: 2, BSE_FNO: 8 };
const MAX_PER_MESSAGE = 100;
const MAX_PER_CONNECTION = 5000;
const MAX_CONNECTIONS = 5;

interface FeedLine {
  clientId: string;
  /** Subscribed security ids. */
  ids: Set<string>;
}

/** One packet: header, then the payload. */
function packet(code: number, segment: number, securityId: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt8(code, 0);
  header.writeUInt16LE(8 + payload.length, 1);
  header.writeUInt8(segment, 3);
  header.writeUInt32LE(securityId, 4);
  return Buffer.concat([header, payload]);
}

function floatAndInt(value: number, int: number): Buffer {
  const payload = Buffer.alloc(8);
  payload.writeFloatLE(value, 0);
  payload.writeInt32LE(int, 4);
  return payload;
}

function disconnectPacket(reason: number): Buffer {
  const payload = Buffer.alloc(2);
  payload.writeUInt16LE(reason, 0);
  return packet(50, 0, 0, payload);
}

export class FakeDhanFeed {
  /** Every handshake: the query Dhan would read. */
  readonly handshakes: Array<Record<string, string>> = [];
  /** Every JSON request received, with the client that sent it. */
  readonly requests: Array<{ clientId: string; request: Record<string, unknown> }> = [];
  /** Security id -> last price and previous close, what a new subscription is sent first. */
  readonly prices = new Map<string, number>();
  readonly closes = new Map<string, number>();
  /** While true, every handshake is answered as an unknown session (808), whatever the REST API says of it. */
  refuseSessions = false;
  private readonly lines = new Map<WebSocket, FeedLine>();
  private readonly wss = new WebSocketServer({ noServer: true });

  constructor(
    private readonly dhan: {
      clientOf(token: string): string | undefined;
      segmentOf(securityId: string): string | undefined;
    },
  ) {}

  /** A handshake for the market feed (the order-update socket takes no query). */
  static wants(url: URL): boolean {
    return url.searchParams.has('version') || url.searchParams.has('token');
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
    this.handshakes.push(query);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, query));
  }

  private open(ws: WebSocket, query: Record<string, string>) {
    if (query.version !== '2' || query.authType !== '2') return this.refuse(ws, 814);
    const clientId = this.dhan.clientOf(query.token ?? '');
    if (this.refuseSessions || !clientId || clientId !== query.clientId) return this.refuse(ws, 808);
    const own = [...this.lines].filter(([, line]) => line.clientId === clientId);
    if (own.length >= MAX_CONNECTIONS && own[0]) this.refuse(own[0][0], 805);
    const line: FeedLine = { clientId, ids: new Set() };
    this.lines.set(ws, line);
    ws.on('message', (raw) => this.request(ws, line, raw.toString()));
    ws.on('close', () => this.lines.delete(ws));
  }

  private refuse(ws: WebSocket, reason: number) {
    this.lines.delete(ws);
    ws.send(disconnectPacket(reason), () => ws.close());
  }

  private request(ws: WebSocket, line: FeedLine, raw: string) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return this.refuse(ws, 814);
    }
    this.requests.push({ clientId: line.clientId, request });
    if (request.RequestCode === 12) return ws.close();
    if (request.RequestCode !== 15 && request.RequestCode !== 16) return this.refuse(ws, 814);
    const list = Array.isArray(request.InstrumentList) ? (request.InstrumentList as unknown[]) : [];
    if (request.InstrumentCount !== list.length || list.length > MAX_PER_MESSAGE) return this.refuse(ws, 804);
    for (const entry of list as Array<{ ExchangeSegment?: unknown; SecurityId?: unknown }>) {
      const id = String(entry.SecurityId ?? '');
      // An instrument of another segment than Dhan lists it under is not subscribed.
      if (this.dhan.segmentOf(id) !== entry.ExchangeSegment) continue;
      if (request.RequestCode === 16) {
        line.ids.delete(id);
        continue;
      }
      line.ids.add(id);
      if (line.ids.size > MAX_PER_CONNECTION) return this.refuse(ws, 804);
      const close = this.closes.get(id);
      if (close !== undefined) ws.send(this.packetOf(6, id, close, 0));
      const price = this.prices.get(id);
      if (price !== undefined) ws.send(this.packetOf(2, id, price, Math.floor(Date.now() / 1000)));
    }
  }

  private packetOf(code: number, securityId: string, value: number, int: number): Buffer {
    const segment = SEGMENT_NUMBER[this.dhan.segmentOf(securityId) ?? ''] ?? 0;
    return packet(code, segment, Number(securityId), floatAndInt(value, int));
  }

  /** A trade: every line subscribed to the security gets a ticker packet. */
  setPrice(securityId: string, price: number): void {
    this.prices.set(securityId, price);
    const frame = this.packetOf(2, securityId, price, Math.floor(Date.now() / 1000));
    for (const [ws, line] of this.lines) if (line.ids.has(securityId)) ws.send(frame);
  }

  /** The previous day's close, sent with each new subscription of the security. */
  setClose(securityId: string, close: number): void {
    this.closes.set(securityId, close);
  }

  /** Open lines subscribed to the security. */
  subscribers(securityId: string): number {
    return [...this.lines.values()].filter((line) => line.ids.has(securityId)).length;
  }

  /** The clients with a line open. */
  clients(): string[] {
    return [...this.lines.values()].map((line) => line.clientId);
  }

  /** Bytes of any shape to every open line (hostile or future packets). */
  sendRaw(bytes: Buffer): void {
    for (const ws of this.lines.keys()) ws.send(bytes);
  }

  /** Dhan ends every open line with a disconnect packet giving `reason`. */
  disconnectAll(reason: number): void {
    for (const ws of [...this.lines.keys()]) this.refuse(ws, reason);
  }

  /** The sessions' tokens expired: each open line gets Dhan's 807 and is closed. */
  expire(): void {
    this.disconnectAll(807);
  }

  /** Every line drops (Dhan restarts, the network blips). */
  dropAll(): void {
    for (const ws of this.lines.keys()) ws.terminate();
    this.lines.clear();
  }

  close(): void {
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }
}
