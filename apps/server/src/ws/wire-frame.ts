// Price frames are built as bytes, ready for the wire: the WebSocket header and the JSON payload in one Buffer,
// so a frame is one socket write (not ws.send's cork + header + payload writev, nor a UTF-8 encode per client),
// and one frame can go unchanged to every client that wants the same ticks. Per-frame send cost was most of the
// gateway's CPU (bench/ws-fanout).

/** One ltp frame, built once and sent to one or more clients. */
export interface LtpFrame {
  /** Unmasked final text frame: RFC 6455 header, then the payload. */
  readonly wire: Buffer;
  /** Where the JSON payload starts in `wire` (see `payloadOf`). */
  readonly payloadStart: number;
  /** Ticks (quote fragments) in the frame. */
  readonly ticks: number;
}

const OPEN = Buffer.from('{"channel":"ltp","data":[');
const CLOSE = Buffer.from(']}');
const COMMA = 0x2c;
/** FIN bit + text opcode. */
const FIN_TEXT = 0x81;

/** Size of the header of an unmasked frame with `length` payload bytes (RFC 6455 section 5.2). */
export function headerLength(length: number): number {
  if (length < 126) return 2;
  return length < 65_536 ? 4 : 10;
}

/** Writes that header at the start of `target`. */
function writeHeader(target: Buffer, length: number): void {
  target[0] = FIN_TEXT;
  if (length < 126) {
    target[1] = length;
  } else if (length < 65_536) {
    target[1] = 126;
    target.writeUInt16BE(length, 2);
  } else {
    target[1] = 127;
    target.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    target.writeUInt32BE(length >>> 0, 6);
  }
}

/**
 * Collects quote fragments (each serialised once per tick) and joins them into one frame. Reused across frames:
 * `build` empties it.
 */
export class LtpFrameBuilder {
  private readonly parts: Buffer[] = [];
  private bytes = 0;

  get size(): number {
    return this.parts.length;
  }

  add(fragment: Buffer): void {
    this.parts.push(fragment);
    this.bytes += fragment.length;
  }

  /** The frame of the fragments added since the last build, or null when there are none. */
  build(): LtpFrame | null {
    const count = this.parts.length;
    if (count === 0) return null;
    const length = OPEN.length + this.bytes + (count - 1) + CLOSE.length;
    const start = headerLength(length);
    // allocUnsafe: every byte is written below. Small frames come from Node's shared pool.
    const wire = Buffer.allocUnsafe(start + length);
    writeHeader(wire, length);
    let at = start + OPEN.copy(wire, start);
    for (let i = 0; i < count; i += 1) {
      if (i > 0) wire[at++] = COMMA;
      at += this.parts[i]!.copy(wire, at);
    }
    CLOSE.copy(wire, at);
    this.parts.length = 0;
    this.bytes = 0;
    return { wire, payloadStart: start, ticks: count };
  }
}

/** The JSON payload alone, for sockets that must frame it themselves (a view, made only when needed). */
export const payloadOf = (frame: LtpFrame): Buffer => frame.wire.subarray(frame.payloadStart);
