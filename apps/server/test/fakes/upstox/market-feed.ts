import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import {
  feedResponseType,
  type UpstoxFeedType,
} from '../../../src/modules/brokers/upstox/market-feed-schema';

// The fake's Market Data Feed V3, as Upstox documents it: the authorize call (Bearer-checked by the fake's router,
// so a bad token gets its 401 there) answers a single-use wss URI; the socket on it is refused (403) for an unknown
// or used code. Requests are binary frames holding JSON `{guid, method: "sub" | "unsub" | "change_mode", data:
// {mode, instrumentKeys}}`; answers are protobuf FeedResponse frames encoded with the client's own schema: a
// `market_info` frame at open, an `initial_feed` snapshot of the subscribed keys that have a price, then a
// `live_feed` frame for each price change of a subscribed key. At most 5,000 keys in ltpc mode per connection.

export const UPSTOX_FEED_PATH = '/v3/feed/market-data-feed';
const LTPC_LIMIT = 5000;

/** One request a client sent on the feed, as read. */
export interface FeedRequest {
  guid: string;
  method: string;
  mode: string | undefined;
  instrumentKeys: string[];
}

/** A FeedResponse frame as Upstox sends it. */
export function feedFrame(
  type: UpstoxFeedType,
  ltpcs: ReadonlyArray<{ key: string; ltp: number; cp?: number }> = [],
): Buffer {
  const feeds: Record<string, unknown> = {};
  for (const { key, ltp, cp } of ltpcs)
    feeds[key] = { ltpc: { ltp, ltt: Date.now(), ltq: 75, cp: cp ?? 0 }, requestMode: 0 };
  const types: readonly UpstoxFeedType[] = ['initial_feed', 'live_feed', 'market_info'];
  const message = feedResponseType.fromObject({ type: types.indexOf(type), feeds, currentTs: Date.now() });
  return Buffer.from(feedResponseType.encode(message).finish());
}

export class FakeUpstoxMarketFeed {
  /** Instrument key -> last price. */
  readonly prices = new Map<string, number>();
  /** Each connection's subscribed keys. */
  private readonly sockets = new Map<WebSocket, Set<string>>();
  private readonly codes = new Set<string>();
  private readonly wss = new WebSocketServer({ noServer: true });
  /** Every request read from any connection, in order. */
  readonly requests: FeedRequest[] = [];
  /** How many socket URIs were authorized (each connect authorizes again). */
  authorizations = 0;
  /** The previous close every LTPC carries. */
  close = 100;
  /** True: the socket handshake answers 403 even for a fresh code (the app lacks the feed's permission). */
  refuseHandshakes = false;

  /** The authorize answer's data: a single-use URI on Upstox's host (the client moves it to the base URL). */
  authorize(): { authorized_redirect_uri: string } {
    this.authorizations += 1;
    const code = randomBytes(8).toString('hex');
    this.codes.add(code);
    return {
      authorized_redirect_uri: `wss://api.upstox.com${UPSTOX_FEED_PATH}?requestId=${randomBytes(4).toString('hex')}&code=${code}`,
    };
  }

  /** An HTTP upgrade on the feed's path: opened for a fresh code, refused otherwise. False: not the feed's path. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== UPSTOX_FEED_PATH) return false;
    if (!this.codes.delete(url.searchParams.get('code') ?? '') || this.refuseHandshakes) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.set(ws, new Set());
      ws.on('close', () => this.sockets.delete(ws));
      ws.on('message', (data) => this.request(ws, data));
      ws.send(feedFrame('market_info'));
    });
    return true;
  }

  /** How many connections subscribe this key. */
  subscribers(key: string): number {
    return [...this.sockets.values()].filter((keys) => keys.has(key)).length;
  }

  connections(): number {
    return this.sockets.size;
  }

  setPrice(key: string, price: number): void {
    this.prices.set(key, price);
    const frame = feedFrame('live_feed', [{ key, ltp: price, cp: this.close }]);
    for (const [ws, keys] of this.sockets) if (keys.has(key)) ws.send(frame);
  }

  /** Sends these bytes (or text) as they are on every connection: what a broken or hostile peer might send. */
  sendRaw(frame: Buffer | string): void {
    for (const ws of this.sockets.keys()) ws.send(frame);
  }

  /** Drops every feed connection (the client reconnects, authorizing again). */
  dropAll(): void {
    for (const ws of this.sockets.keys()) ws.terminate();
    this.sockets.clear();
  }

  shutdown(): void {
    this.dropAll();
    this.wss.close();
  }

  private request(ws: WebSocket, data: RawData): void {
    let parsed: { guid?: unknown; method?: unknown; data?: { mode?: unknown; instrumentKeys?: unknown } };
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const keys = parsed.data?.instrumentKeys;
    if (typeof parsed.guid !== 'string' || !Array.isArray(keys)) return;
    const instrumentKeys = keys.filter((key): key is string => typeof key === 'string');
    const mode = typeof parsed.data?.mode === 'string' ? parsed.data.mode : undefined;
    const method = String(parsed.method);
    this.requests.push({ guid: parsed.guid, method, mode, instrumentKeys });
    const subscribed = this.sockets.get(ws);
    if (!subscribed) return;
    if (method === 'unsub') {
      for (const key of instrumentKeys) subscribed.delete(key);
      return;
    }
    // Only ltpc is served (the mode we subscribe; a sub without a mode is ltpc too).
    if (method !== 'sub' || (mode !== undefined && mode !== 'ltpc')) return;
    const fresh = instrumentKeys.filter((key) => !subscribed.has(key));
    if (subscribed.size + fresh.length > LTPC_LIMIT) return;
    for (const key of fresh) subscribed.add(key);
    const snapshot = instrumentKeys.flatMap((key) => {
      const ltp = this.prices.get(key);
      return ltp === undefined ? [] : [{ key, ltp, cp: this.close }];
    });
    if (snapshot.length > 0) ws.send(feedFrame('initial_feed', snapshot));
  }
}
