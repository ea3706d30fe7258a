// SmartStream's binary tick (Angel One's WebSocket 2.0, README "Own prices"): little-endian, one packet a frame.
//   byte 0        subscription mode (1 LTP, 2 Quote, 3 Snap Quote; 4 is the depth packet, laid out differently)
//   byte 1        exchange type (1 nse_cm, 2 nse_fo, 3 bse_cm, 4 bse_fo, 5 mcx_fo, 7 ncx_fo, 13 cde_fo)
//   bytes 2-26    the symbol token, ASCII, ended by a NUL byte
//   bytes 27-34   sequence number (int64)
//   bytes 35-42   exchange timestamp (int64, epoch ms)
//   bytes 43-50   last traded price (int64, paise; cde_fo in 1e-7 rupees). An LTP packet ends here (51 bytes).
//   bytes 115-122 the previous close (int64, paise), in Quote and Snap Quote packets (123 and 379 bytes).
// Frames come from outside: anything short, of another mode or exchange, or with an unreadable token reads as
// nothing, and nothing here throws.

/** SmartStream's exchange types of the scrip master's exchange segments (`exch_seg`) we trade or index. */
export const SMART_STREAM_EXCHANGES: Readonly<Record<string, number>> = { NSE: 1, NFO: 2, BSE: 3, BFO: 4 };
/** Every exchange type SmartStream documents. */
const KNOWN_EXCHANGE_TYPES = new Set([1, 2, 3, 4, 5, 7, 13]);
/** Currency derivatives carry prices in units of 1e-7 rupees; everything else in paise. */
const CURRENCY_EXCHANGE_TYPE = 13;

export const SMART_STREAM_MODES = { ltp: 1, quote: 2, snapQuote: 3 } as const;
const PRICE_MODES = new Set<number>(Object.values(SMART_STREAM_MODES));

const TOKEN_AT = 2;
const TOKEN_BYTES = 25;
const LTP_AT = 43;
/** An LTP packet's size: the shortest packet that carries a price. */
export const LTP_PACKET_BYTES = 51;
const CLOSE_AT = 115;
const QUOTE_PACKET_BYTES = 123;

export interface SmartStreamTick {
  exchangeType: number;
  token: string;
  lastPrice: number;
  /** The previous close, when the packet carries it (Quote and Snap Quote modes). */
  close?: number;
}

/** The key our feed matches ticks by: exchange type and symbol token (`2|43919`). */
export const smartStreamKey = (exchangeType: number, token: string): string => `${exchangeType}|${token}`;

/** The symbol token: printable ASCII up to the first NUL; undefined when empty or not ASCII. */
function tokenOf(frame: Buffer): string | undefined {
  const field = frame.subarray(TOKEN_AT, TOKEN_AT + TOKEN_BYTES);
  const end = field.indexOf(0);
  const text = field.subarray(0, end === -1 ? field.length : end).toString('latin1');
  return /^[\x21-\x7e]+$/.test(text) ? text : undefined;
}

/** A price field in rupees; undefined unless positive and within a safe integer count of its unit. */
function priceAt(frame: Buffer, at: number, exchangeType: number): number | undefined {
  const raw = frame.readBigInt64LE(at);
  if (raw <= 0n || raw > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const divisor = exchangeType === CURRENCY_EXCHANGE_TYPE ? 10_000_000 : 100;
  return Number(raw) / divisor;
}

/** One SmartStream binary frame, read; undefined for anything that is not a priced tick. */
export function readSmartStreamPacket(frame: Buffer): SmartStreamTick | undefined {
  if (frame.length < LTP_PACKET_BYTES) return undefined;
  const mode = frame.readUInt8(0);
  const exchangeType = frame.readUInt8(1);
  if (!PRICE_MODES.has(mode) || !KNOWN_EXCHANGE_TYPES.has(exchangeType)) return undefined;
  const token = tokenOf(frame);
  const lastPrice = priceAt(frame, LTP_AT, exchangeType);
  if (token === undefined || lastPrice === undefined) return undefined;
  const close =
    mode !== SMART_STREAM_MODES.ltp && frame.length >= QUOTE_PACKET_BYTES
      ? priceAt(frame, CLOSE_AT, exchangeType)
      : undefined;
  return { exchangeType, token, lastPrice, ...(close !== undefined ? { close } : {}) };
}
