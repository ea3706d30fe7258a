// The binary answers of Dhan's live market feed (DhanHQ v2, README.md "Prices"), little-endian. Every packet starts
// with an 8-byte header: byte 0 the feed response code, bytes 1-2 (uint16) the message length, byte 3 the exchange
// segment (its number in Dhan's annexure), bytes 4-7 (uint32) the security id. After it:
// - ticker (code 2, 16 bytes): float32 last traded price at 8, int32 last trade time (epoch s) at 12;
// - prev close (code 6, 16 bytes): float32 previous day's close at 8, int32 previous day's open interest at 12;
// - feed disconnect (code 50, 10 bytes): uint16 reason at 8 (Dhan's data-API codes, e.g. 805, 807-810).
// Other codes (quote, OI, full, market status) are not asked for and are skipped. Several packets may share one
// frame: each is stepped over by its length field, or by its documented size when that field is unusable.

/** Dhan's exchange segments by the number the header carries (annexure "Exchange Segment"). */
export const DHAN_SEGMENTS: Readonly<Record<number, string>> = {
  0: 'IDX_I',
  1: 'NSE_EQ',
  2: 'NSE_FNO',
  3: 'NSE_CURRENCY',
  4: 'BSE_EQ',
  5: 'MCX_COMM',
  7: 'BSE_CURRENCY',
  8: 'BSE_FNO',
};

export const DHAN_FEED_CODES = { ticker: 2, prevClose: 6, disconnect: 50 } as const;

/** Disconnect reasons that mean the session itself is refused: the access token expired or is invalid, the
 * client id or the token is wrong. Any other reason (805 too many connections, 800 server error...) is a dropped
 * line to open again. */
export const DHAN_AUTH_REFUSALS: ReadonlySet<number> = new Set([807, 808, 809, 810]);

const HEADER_BYTES = 8;
/** Documented packet sizes (header included): ticker, quote, OI, prev close, market status, full, disconnect. */
const SIZE_OF: Readonly<Record<number, number>> = { 2: 16, 4: 50, 5: 12, 6: 16, 7: 8, 8: 162, 50: 10 };
const READ: ReadonlySet<number> = new Set(Object.values(DHAN_FEED_CODES));

export type DhanFeedPacket =
  | { kind: 'ticker'; segment: string; securityId: string; lastPrice: number; tradedAt: number }
  | { kind: 'prevClose'; segment: string; securityId: string; close: number }
  | { kind: 'disconnect'; reason: number };

/** How many bytes the packet at `offset` takes, or 0 when the frame cannot hold it. */
function packetLength(bytes: Buffer, offset: number, code: number): number {
  const left = bytes.length - offset;
  const stated = bytes.readUInt16LE(offset + 1);
  const documented = SIZE_OF[code] ?? 0;
  if (stated >= Math.max(HEADER_BYTES, documented) && stated <= left) return stated;
  if (documented > 0 && documented <= left) return documented;
  return 0;
}

function packetAt(bytes: Buffer, offset: number, code: number): DhanFeedPacket | undefined {
  if (code === DHAN_FEED_CODES.disconnect)
    return { kind: 'disconnect', reason: bytes.readUInt16LE(offset + 8) };
  const segment = DHAN_SEGMENTS[bytes.readUInt8(offset + 3)];
  if (segment === undefined) return undefined;
  const securityId = String(bytes.readUInt32LE(offset + 4));
  const price = bytes.readFloatLE(offset + 8);
  if (!Number.isFinite(price)) return undefined;
  if (code === DHAN_FEED_CODES.ticker)
    return {
      kind: 'ticker',
      segment,
      securityId,
      lastPrice: price,
      tradedAt: bytes.readInt32LE(offset + 12),
    };
  return { kind: 'prevClose', segment, securityId, close: price };
}

/** The packets of one binary frame; what is unknown, short or malformed is left out (never thrown). */
export function readDhanFeedFrame(bytes: Buffer): DhanFeedPacket[] {
  const packets: DhanFeedPacket[] = [];
  let offset = 0;
  while (bytes.length - offset >= HEADER_BYTES) {
    const code = bytes.readUInt8(offset);
    const length = packetLength(bytes, offset, code);
    if (length === 0) break;
    if (READ.has(code)) {
      const packet = packetAt(bytes, offset, code);
      if (packet) packets.push(packet);
    }
    offset += length;
  }
  return packets;
}
