// KiteTicker's binary market-data frames, all big-endian: a 2-byte packet count, then per packet a
// 2-byte length and the packet. The length tells the mode: 8 LTP, 28 index quote, 32 index full, 44 quote,
// 184 full (quote + times, open interest and five levels of depth each side). Prices are integers in paise
// (CDS in 1e-7, BCD in 1e-4 rupees). A 1-byte frame is a heartbeat.

export type TickMode = 'ltp' | 'quote' | 'full';

interface DepthLevel {
  quantity: number;
  price: number;
  orders: number;
}

export interface KiteTick {
  token: number;
  mode: TickMode;
  /** Indices (segment 9) are not tradable: no volume, OI or depth. */
  tradable: boolean;
  lastPrice: number;
  open?: number;
  high?: number;
  low?: number;
  close?: number;
  /** Net change against close, as the index packet carries it (rupees). */
  change?: number;
  lastQuantity?: number;
  averagePrice?: number;
  volume?: number;
  buyQuantity?: number;
  sellQuantity?: number;
  lastTradeTime?: number;
  oi?: number;
  oiDayHigh?: number;
  oiDayLow?: number;
  /** Exchange timestamp, epoch ms. */
  exchangeTime?: number;
  depth?: { buy: DepthLevel[]; sell: DepthLevel[] };
}

const SEGMENT_INDICES = 9;
const SEGMENT_CDS = 3;
const SEGMENT_BCD = 6;

/** Divisor turning a packet's integer price into rupees for the instrument's segment. */
export function priceDivisor(token: number): number {
  const segment = token & 0xff;
  if (segment === SEGMENT_CDS) return 10_000_000;
  if (segment === SEGMENT_BCD) return 10_000;
  return 100;
}

function indexPacket(view: DataView, token: number, at: (offset: number) => number): KiteTick {
  const tick: KiteTick = {
    token,
    mode: view.byteLength === 28 ? 'quote' : 'full',
    tradable: false,
    lastPrice: at(4),
    high: at(8),
    low: at(12),
    open: at(16),
    close: at(20),
    change: at(24),
  };
  if (view.byteLength === 32) tick.exchangeTime = view.getInt32(28) * 1000;
  return tick;
}

function depth(view: DataView, divisor: number): { buy: DepthLevel[]; sell: DepthLevel[] } {
  const levels: DepthLevel[] = [];
  for (let i = 0; i < 10; i += 1) {
    const offset = 64 + i * 12;
    levels.push({
      quantity: view.getInt32(offset),
      price: view.getInt32(offset + 4) / divisor,
      orders: view.getInt16(offset + 8),
    });
  }
  return { buy: levels.slice(0, 5), sell: levels.slice(5) };
}

function tradablePacket(view: DataView, token: number, at: (offset: number) => number): KiteTick {
  const tick: KiteTick = {
    token,
    mode: view.byteLength === 44 ? 'quote' : 'full',
    tradable: true,
    lastPrice: at(4),
    lastQuantity: view.getInt32(8),
    averagePrice: at(12),
    volume: view.getInt32(16),
    buyQuantity: view.getInt32(20),
    sellQuantity: view.getInt32(24),
    open: at(28),
    high: at(32),
    low: at(36),
    close: at(40),
  };
  if (view.byteLength === 184) {
    tick.lastTradeTime = view.getInt32(44) * 1000;
    tick.oi = view.getInt32(48);
    tick.oiDayHigh = view.getInt32(52);
    tick.oiDayLow = view.getInt32(56);
    tick.exchangeTime = view.getInt32(60) * 1000;
    tick.depth = depth(view, priceDivisor(token));
  }
  return tick;
}

/** One packet, or undefined for a length Kite does not document (skipped, not fatal). */
export function parsePacket(view: DataView): KiteTick | undefined {
  if (view.byteLength < 8) return undefined;
  const token = view.getUint32(0);
  const divisor = priceDivisor(token);
  const at = (offset: number) => view.getInt32(offset) / divisor;
  switch (view.byteLength) {
    case 8:
      return { token, mode: 'ltp', tradable: (token & 0xff) !== SEGMENT_INDICES, lastPrice: at(4) };
    case 28:
    case 32:
      return indexPacket(view, token, at);
    case 44:
    case 184:
      return tradablePacket(view, token, at);
    default:
      return undefined;
  }
}

/** Every tick in one binary frame; a heartbeat or a truncated frame yields what could be read. */
export function parseFrame(frame: Uint8Array): KiteTick[] {
  if (frame.byteLength < 2) return [];
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const count = view.getInt16(0);
  const ticks: KiteTick[] = [];
  let offset = 2;
  for (let i = 0; i < count && offset + 2 <= frame.byteLength; i += 1) {
    const length = view.getInt16(offset);
    offset += 2;
    if (offset + length > frame.byteLength) break;
    const tick = parsePacket(new DataView(frame.buffer, frame.byteOffset + offset, length));
    if (tick) ticks.push(tick);
    offset += length;
  }
  return ticks;
}
