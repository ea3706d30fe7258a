// Builds KiteTicker binary frames exactly as documented, independently of the adapter's parser:
// big-endian int32 fields, prices in paise, the packet kind given by its length.

export interface FakeQuote {
  token: number;
  lastPrice: number;
  open?: number;
  high?: number;
  low?: number;
  close?: number;
  volume?: number;
  lastQuantity?: number;
  averagePrice?: number;
  buyQuantity?: number;
  sellQuantity?: number;
  /** Epoch seconds. */
  lastTradeTime?: number;
  oi?: number;
  exchangeTime?: number;
}

export type FakeMode = 'ltp' | 'quote' | 'full';

const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);

function packet(length: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(length);
  fill(new DataView(bytes.buffer));
  return bytes;
}

const isIndex = (token: number) => (token & 0xff) === 9;

/** The packet for a quote in a mode (index tokens get the 28/32-byte index layout). */
export function encodePacket(quote: FakeQuote, mode: FakeMode): Uint8Array {
  const { token } = quote;
  if (mode === 'ltp') {
    return packet(8, (v) => {
      v.setUint32(0, token);
      v.setInt32(4, paise(quote.lastPrice));
    });
  }
  if (isIndex(token)) {
    return packet(mode === 'full' ? 32 : 28, (v) => {
      v.setUint32(0, token);
      v.setInt32(4, paise(quote.lastPrice));
      v.setInt32(8, paise(quote.high));
      v.setInt32(12, paise(quote.low));
      v.setInt32(16, paise(quote.open));
      v.setInt32(20, paise(quote.close));
      v.setInt32(24, paise(quote.lastPrice - (quote.close ?? quote.lastPrice)));
      if (mode === 'full') v.setInt32(28, quote.exchangeTime ?? 0);
    });
  }
  return packet(mode === 'full' ? 184 : 44, (v) => {
    v.setUint32(0, token);
    v.setInt32(4, paise(quote.lastPrice));
    v.setInt32(8, quote.lastQuantity ?? 0);
    v.setInt32(12, paise(quote.averagePrice));
    v.setInt32(16, quote.volume ?? 0);
    v.setInt32(20, quote.buyQuantity ?? 0);
    v.setInt32(24, quote.sellQuantity ?? 0);
    v.setInt32(28, paise(quote.open));
    v.setInt32(32, paise(quote.high));
    v.setInt32(36, paise(quote.low));
    v.setInt32(40, paise(quote.close));
    if (mode === 'full') {
      v.setInt32(44, quote.lastTradeTime ?? 0);
      v.setInt32(48, quote.oi ?? 0);
      v.setInt32(52, quote.oi ?? 0);
      v.setInt32(56, quote.oi ?? 0);
      v.setInt32(60, quote.exchangeTime ?? 0);
      for (let level = 0; level < 10; level += 1) {
        const offset = 64 + level * 12;
        const step = level < 5 ? -(level + 1) * 0.05 : (level - 4) * 0.05;
        v.setInt32(offset, 100 * (level + 1));
        v.setInt32(offset + 4, paise(quote.lastPrice + step));
        v.setInt16(offset + 8, level + 1);
      }
    }
  });
}

/** A frame of packets: count, then length-prefixed packets. */
export function encodeFrame(packets: readonly Uint8Array[]): Buffer {
  const size = 2 + packets.reduce((sum, p) => sum + 2 + p.byteLength, 0);
  const frame = Buffer.alloc(size);
  frame.writeInt16BE(packets.length, 0);
  let offset = 2;
  for (const p of packets) {
    frame.writeInt16BE(p.byteLength, offset);
    frame.set(p, offset + 2);
    offset += 2 + p.byteLength;
  }
  return frame;
}

/** The 1-byte heartbeat. */
export const HEARTBEAT = Buffer.from([0]);
