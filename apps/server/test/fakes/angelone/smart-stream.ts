import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';

// Angel One's SmartStream (WebSocket 2.0) as documented, for the fake: the session in four handshake headers
// (`Authorization` with the JWT, `x-api-key`, `x-client-code`, `x-feed-token`), refused with HTTP 401 and an
// `x-error-message` header naming the bad one; JSON requests `{correlationID, action, params: {mode, tokenList:
// [{exchangeType, tokens}]}}` (a malformed one answered `E1001`, past 1,000 token subscriptions `E1002`); text
// `ping` answered `pong`; binary little-endian ticks (mode, exchange type, 25-byte NUL-ended token, sequence
// number, exchange time, LTP in paise: 51 bytes in LTP mode). Written from the documented layout, apart from the
// server's decoder, so a test reading these packets checks the decoder against the document, not against itself.
// Not documented, assumed: a subscribed token that has a price gets its last price at once.

/** Who a handshake's JWT belongs to, and the feed token issued with it; undefined once the session is gone. */
export type SessionOf = (jwt: string) => { clientId: string; feedToken: string } | undefined;

const SUBSCRIPTION_LIMIT = 1000;
const EXCHANGE_TYPES: Record<string, number> = { NSE: 1, NFO: 2, BSE: 3, BFO: 4 };

/** A handshake's headers, as Angel One reads them. */
export interface SmartStreamHandshake {
  authorization: string | undefined;
  apiKey: string | undefined;
  clientCode: string | undefined;
  feedToken: string | undefined;
}

/** An LTP-mode packet for a token, laid out as SmartStream documents it. */
export function ltpPacket(exchangeType: number, token: string, rupees: number, sequence = 1): Buffer {
  const packet = Buffer.alloc(51);
  packet.writeUInt8(1, 0);
  packet.writeUInt8(exchangeType, 1);
  packet.write(token, 2, 25, 'latin1');
  packet.writeBigInt64LE(BigInt(sequence), 27);
  packet.writeBigInt64LE(BigInt(Date.now()), 35);
  packet.writeBigInt64LE(BigInt(Math.round(rupees * 100)), 43);
  return packet;
}

export class FakeSmartStream {
  readonly handshakes: SmartStreamHandshake[] = [];
  /** Every text frame a client sent, in order. */
  readonly received: string[] = [];
  private readonly server = new WebSocketServer({ noServer: true });
  /** Socket -> its `exchangeType|token` subscriptions in LTP mode. */
  private readonly subscriptions = new Map<WebSocket, Set<string>>();
  private readonly prices = new Map<string, number>();
  private sequence = 0;

  constructor(
    private readonly deps: {
      appKey: string;
      sessionOf: SessionOf;
      /** The scrip master's exchange segment of a symbol token (NFO, BFO). */
      exchangeOf(token: string): string | undefined;
    },
  ) {}

  /** Open sockets. */
  get socketCount(): number {
    return this.subscriptions.size;
  }

  /** How many open sockets subscribe a token (in LTP mode). */
  subscribers(token: string): number {
    const key = this.keyOf(token);
    return [...this.subscriptions.values()].filter((keys) => key && keys.has(key)).length;
  }

  /** The token trades at `rupees`: every socket subscribing it gets the tick. */
  setPrice(token: string, rupees: number): void {
    const key = this.keyOf(token);
    if (!key) return;
    this.prices.set(key, rupees);
    for (const [socket, keys] of this.subscriptions) if (keys.has(key)) this.tick(socket, key);
  }

  /** Sends raw bytes to every open socket (hostile or malformed frames). */
  sendRaw(frame: Buffer | string): void {
    for (const socket of this.subscriptions.keys()) socket.send(frame);
  }

  /** Drops every open socket (a network fault); new handshakes are still answered. */
  dropAll(): void {
    for (const socket of this.subscriptions.keys()) socket.terminate();
    this.subscriptions.clear();
  }

  close(): void {
    this.dropAll();
    this.server.close();
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const handshake: SmartStreamHandshake = {
      authorization: header('authorization'),
      apiKey: header('x-api-key'),
      clientCode: header('x-client-code'),
      feedToken: header('x-feed-token'),
    };
    this.handshakes.push(handshake);
    const refusal = this.refusalOf(handshake);
    if (refusal) {
      socket.end(`HTTP/1.1 401 Unauthorized\r\nx-error-message: Invalid Header - ${refusal}\r\n\r\n`);
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => {
      this.subscriptions.set(ws, new Set());
      ws.on('close', () => this.subscriptions.delete(ws));
      ws.on('message', (data, isBinary) => this.message(ws, data, isBinary));
    });
  }

  /** Why Angel One would refuse these headers, in its words; undefined when they are good. */
  private refusalOf(h: SmartStreamHandshake): string | undefined {
    // SmartAPI clients send the JWT with or without the `Bearer ` prefix.
    const jwt = h.authorization?.replace(/^Bearer /, '');
    const session = jwt ? this.deps.sessionOf(jwt) : undefined;
    if (!session) return 'Invalid Auth token';
    if (h.apiKey !== this.deps.appKey) return 'Invalid API Key';
    if (h.clientCode !== session.clientId) return 'Invalid Client Code';
    if (h.feedToken !== session.feedToken) return 'Invalid Feed Token';
    return undefined;
  }

  private keyOf(token: string): string | undefined {
    const exchangeType = EXCHANGE_TYPES[this.deps.exchangeOf(token) ?? ''];
    return exchangeType === undefined ? undefined : `${exchangeType}|${token}`;
  }

  private tick(socket: WebSocket, key: string) {
    const price = this.prices.get(key);
    if (price === undefined) return;
    const [exchangeType, token] = key.split('|') as [string, string];
    this.sequence += 1;
    socket.send(ltpPacket(Number(exchangeType), token, price, this.sequence));
  }

  private message(socket: WebSocket, data: RawData, isBinary: boolean) {
    if (isBinary) return;
    const text = String(data);
    this.received.push(text);
    if (text === 'ping') return socket.send('pong');
    const request = parseRequest(text);
    if (!request)
      return socket.send(JSON.stringify({ errorCode: 'E1001', errorMessage: 'Invalid Request Payload.' }));
    const keys = this.subscriptions.get(socket) ?? new Set<string>();
    const asked = request.tokenList.flatMap(({ exchangeType, tokens }) =>
      tokens.map((t) => `${exchangeType}|${t}`),
    );
    if (request.action === 0) {
      for (const key of asked) keys.delete(key);
      return;
    }
    // Each token and mode counts once; only LTP mode is tracked here (the server asks for nothing else).
    const fresh = asked.filter((key) => !keys.has(key));
    if (keys.size + fresh.length > SUBSCRIPTION_LIMIT)
      return socket.send(
        JSON.stringify({
          correlationID: request.correlationID,
          errorCode: 'E1002',
          errorMessage: 'Invalid Request. Subscription Limit Exceeded.',
        }),
      );
    if (request.mode !== 1) return;
    for (const key of fresh) {
      keys.add(key);
      this.tick(socket, key);
    }
  }
}

interface SmartStreamRequest {
  correlationID?: string;
  action: 0 | 1;
  mode: number;
  tokenList: Array<{ exchangeType: number; tokens: string[] }>;
}

/** A request as documented, or undefined (E1001) for anything else. */
function parseRequest(text: string): SmartStreamRequest | undefined {
  let body: { correlationID?: unknown; action?: unknown; params?: { mode?: unknown; tokenList?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { action, params } = body ?? {};
  if ((action !== 0 && action !== 1) || ![1, 2, 3].includes(params?.mode as number)) return undefined;
  if (!Array.isArray(params?.tokenList)) return undefined;
  const tokenList: SmartStreamRequest['tokenList'] = [];
  for (const entry of params.tokenList as Array<{ exchangeType?: unknown; tokens?: unknown }>) {
    const tokens = entry?.tokens;
    if (typeof entry?.exchangeType !== 'number' || !Array.isArray(tokens)) return undefined;
    if (!tokens.every((t) => typeof t === 'string')) return undefined;
    tokenList.push({ exchangeType: entry.exchangeType, tokens });
  }
  return {
    ...(typeof body.correlationID === 'string' ? { correlationID: body.correlationID } : {}),
    action,
    mode: params?.mode as number,
    tokenList,
  };
}
