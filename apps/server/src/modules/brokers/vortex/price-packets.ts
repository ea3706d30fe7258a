// The byte layout of Rupeezy's price messages (docs/market-data.md, "Rupeezy's price socket"): a binary frame,
// little-endian, starts with a uint16 count of price packets; each packet is preceded by its uint16 length, and the
// length says the subscription mode: 22 bytes `ltp`, 62 `ohlcv`, 266 `full`. Every mode begins with the same three
// fields: the exchange (10 bytes of ASCII, NUL-padded, e.g. `NSE_FO`), the token (int32) and the last traded price
// (float64, rupees). Only those three are read here: we subscribe `ltp`, and the longer modes start the same way.

/** Packet lengths of the documented modes. */
export const VORTEX_PACKET_BYTES = { ltp: 22, ohlcv: 62, full: 266 } as const;
const KNOWN_LENGTHS: ReadonlySet<number> = new Set(Object.values(VORTEX_PACKET_BYTES));

const EXCHANGE_BYTES = 10;
const TOKEN_AT = EXCHANGE_BYTES;
const PRICE_AT = TOKEN_AT + 4;

/** One price packet's common head. */
export interface VortexPrice {
  exchange: string;
  token: number;
  lastPrice: number;
}

/**
 * The prices in one binary frame. Hostile or damaged input never throws: a frame shorter than its header carries
 * nothing (the broker's heartbeat-sized frames included), a packet whose declared length runs past the frame ends
 * the reading, and a packet of a length no mode has, or with an unreadable exchange or price, is skipped.
 */
export function decodeVortexPrices(frame: Buffer): VortexPrice[] {
  if (frame.length < 2) return [];
  const count = frame.readUInt16LE(0);
  const prices: VortexPrice[] = [];
  let at = 2;
  for (let index = 0; index < count; index += 1) {
    if (at + 2 > frame.length) break;
    const length = frame.readUInt16LE(at);
    at += 2;
    if (at + length > frame.length) break;
    const packet = frame.subarray(at, at + length);
    at += length;
    if (!KNOWN_LENGTHS.has(length)) continue;
    const price = readHead(packet);
    if (price) prices.push(price);
  }
  return prices;
}

function readHead(packet: Buffer): VortexPrice | undefined {
  const exchange = packet.toString('latin1', 0, EXCHANGE_BYTES).replace(/[\0 ]+$/, '');
  const lastPrice = packet.readDoubleLE(PRICE_AT);
  if (!/^[A-Z_]+$/.test(exchange) || !Number.isFinite(lastPrice)) return undefined;
  return { exchange, token: packet.readInt32LE(TOKEN_AT), lastPrice };
}
