import type { RawData, WebSocket } from 'ws';

// The price side of the fake Rupeezy socket (`/ws?auth_token=`), as Rupeezy documents it: subscriptions are JSON
// text messages `{exchange, token, mode: ltp|ohlcv|full, message_type: subscribe|unsubscribe}`, one instrument
// each, at most 1,000 instruments a socket (more are ignored: the docs do not say what the broker answers); prices
// go out as binary little-endian frames, a uint16 packet count and then each packet behind its uint16 length, the
// packet's layout being the subscribed mode's (ltp 22 bytes, ohlcv 62, full 266), each starting with the exchange
// (10 bytes ASCII, NUL-padded), the token (int32) and the last price (float64). A price goes out when it changes,
// and once when a contract is subscribed while it has one (the fake's choice: the docs say nothing of a snapshot).

type Mode = 'ltp' | 'ohlcv' | 'full';
const MODES: ReadonlySet<string> = new Set(['ltp', 'ohlcv', 'full']);
const EXCHANGES: ReadonlySet<string> = new Set(['NSE_EQ', 'NSE_FO', 'NSE_CD', 'MCX_FO', 'BSE_FO']);
export const MAX_INSTRUMENTS_PER_SOCKET = 1000;
const PACKET_BYTES: Record<Mode, number> = { ltp: 22, ohlcv: 62, full: 266 };

/** One price packet in the mode's layout; the fields past the last price are zero except the close. */
export function vortexPacket(mode: Mode, exchange: string, token: number, lastPrice: number): Buffer {
  const packet = Buffer.alloc(PACKET_BYTES[mode]);
  packet.write(exchange, 0, 10, 'ascii');
  packet.writeInt32LE(token, 10);
  packet.writeDoubleLE(lastPrice, 14);
  // ohlcv and full: last trade time (int32 at 22), open, high, low, close (float64 from 26), volume.
  if (mode !== 'ltp') packet.writeDoubleLE(lastPrice, 50);
  return packet;
}

/** Packets in one frame: the count, then each packet behind its length. */
export function vortexFrame(packets: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.alloc(2)];
  parts[0]?.writeUInt16LE(packets.length, 0);
  for (const packet of packets) {
    const length = Buffer.alloc(2);
    length.writeUInt16LE(packet.length, 0);
    parts.push(length, packet);
  }
  return Buffer.concat(parts);
}

export class FakeVortexPrices {
  /** `EXCHANGE|TOKEN` -> last price. */
  private readonly last = new Map<string, number>();
  private readonly subscriptions = new Map<WebSocket, Map<string, Mode>>();
  /** Subscription messages the fake could not read (bad JSON, binary, unknown exchange or mode). */
  readonly refused: string[] = [];

  /** A socket accepted at the upgrade: its subscription messages are read from now on. */
  attach(socket: WebSocket): void {
    this.subscriptions.set(socket, new Map());
    socket.on('message', (data, isBinary) => this.message(socket, data, isBinary));
    socket.on('close', () => this.subscriptions.delete(socket));
  }

  setPrice(exchange: string, token: number, price: number): void {
    const key = `${exchange}|${token}`;
    this.last.set(key, price);
    for (const [socket, subscribed] of this.subscriptions) {
      const mode = subscribed.get(key);
      if (mode) socket.send(vortexFrame([vortexPacket(mode, exchange, token, price)]));
    }
  }

  /** Sockets subscribed to a contract (`EXCHANGE|TOKEN`). */
  subscribers(key: string): number {
    return [...this.subscriptions.values()].filter((subscribed) => subscribed.has(key)).length;
  }

  /** Sends raw bytes on every socket that subscribed something (malformed frames, in tests). */
  sendRaw(frame: Buffer): void {
    for (const [socket, subscribed] of this.subscriptions) if (subscribed.size > 0) socket.send(frame);
  }

  private message(socket: WebSocket, data: RawData, isBinary: boolean): void {
    const text = String(data);
    let message: Record<string, unknown>;
    try {
      if (isBinary) throw new Error('binary');
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      this.refused.push(text);
      return;
    }
    const { exchange, token, mode, message_type: type } = message;
    const subscribed = this.subscriptions.get(socket);
    const valid =
      typeof exchange === 'string' &&
      EXCHANGES.has(exchange) &&
      Number.isInteger(token) &&
      typeof mode === 'string' &&
      MODES.has(mode);
    if (!subscribed || !valid || (type !== 'subscribe' && type !== 'unsubscribe')) {
      this.refused.push(text);
      return;
    }
    const key = `${exchange}|${token}`;
    if (type === 'unsubscribe') {
      subscribed.delete(key);
      return;
    }
    if (!subscribed.has(key) && subscribed.size >= MAX_INSTRUMENTS_PER_SOCKET) return;
    subscribed.set(key, mode as Mode);
    const price = this.last.get(key);
    if (price !== undefined)
      socket.send(vortexFrame([vortexPacket(mode as Mode, exchange, token as number, price)]));
  }
}
