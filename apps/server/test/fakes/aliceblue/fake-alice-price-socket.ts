import { createHash } from 'node:crypto';
import { type WebSocket, WebSocketServer } from 'ws';

// AliceBlue's market-data socket as the fake serves it at `/NorenWS/`: Noren's touchline. The connect frame
// `{t:"c", uid:"<userId>_API", actid, source:"API", susertoken}` is accepted when susertoken is
// sha256(sha256(userSession)) of a live session of that user (`{t:"ck", s:"OK"}`, else `NOT_OK`); `{t:"t",
// k:"NFO|tok#..."}` answers a `tk` snapshot per contract, then `tf` frames as prices move; `{t:"u", k}`
// unsubscribes; `{t:"h"}` is a heartbeat (answered `hk`).

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class FakeAlicePriceSocket {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Map<WebSocket, Set<string>>();
  private readonly prices = new Map<string, number>();
  /** Heartbeats received. */
  heartbeats = 0;

  /** `liveSessions` gives the AliceBlue user id of each session the fake accepts now. */
  constructor(private readonly liveSessions: () => ReadonlyMap<string, string>) {}

  get handleUpgrade() {
    return this.wss.handleUpgrade.bind(this.wss);
  }

  accept(socket: WebSocket): void {
    this.sockets.set(socket, new Set());
    socket.on('close', () => this.sockets.delete(socket));
    let uid: string | undefined;
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      const watched = this.sockets.get(socket);
      if (message.t === 'c') {
        const user = [...this.liveSessions()].find(
          ([session, userId]) =>
            sha256(sha256(session)) === message.susertoken && `${userId}_API` === message.uid,
        )?.[1];
        if (!user || message.actid !== message.uid) {
          socket.send(JSON.stringify({ t: 'ck', s: 'NOT_OK', emsg: 'Invalid Session Key' }));
          return;
        }
        uid = String(message.uid);
        socket.send(JSON.stringify({ t: 'ck', s: 'OK', uid }));
        return;
      }
      if (message.t === 'h') {
        this.heartbeats += 1;
        socket.send(JSON.stringify({ t: 'hk' }));
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
      }
    });
  }

  /** The price of `EXCH|token` moves: every socket watching it gets a `tf`. */
  setPrice(key: string, price: number): void {
    this.prices.set(key, price);
    const [e, tk] = key.split('|');
    const frame = JSON.stringify({ t: 'tf', e, tk, lp: price.toFixed(2) });
    for (const [socket, keys] of this.sockets) if (keys.has(key)) socket.send(frame);
  }

  /** Sockets subscribed to `EXCH|token` now. */
  subscribers(key: string): number {
    return [...this.sockets.values()].filter((keys) => keys.has(key)).length;
  }

  /** Drops every price socket (the client reconnects, logs in again and subscribes again). */
  dropAll(): void {
    for (const socket of this.sockets.keys()) socket.terminate();
  }

  close(): void {
    this.dropAll();
    this.wss.close();
  }
}
