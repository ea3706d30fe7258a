// Per-socket limits of the gateway: what one client may make the server do or hold (docs/websocket.md, Limits).

/** Close code for a client that breaks a limit (too many messages, too many sockets): RFC 6455 policy violation. */
export const CLOSE_POLICY_VIOLATION = 1008;

/** Unknown symbols named back in an error; the rest are only counted, so a reply never grows with the input. */
const NAMED_UNKNOWN = 5;
/** Characters of one unknown name echoed back. */
const NAME_CHARS = 16;

const shorten = (name: string): string => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS)}…` : name);

/** `Unknown symbols: GOLDM`, or `500 unknown symbols: A…, B…, C…, D…, E… and 495 more`: bounded whatever is sent. */
export function unknownSymbolsMessage(unknown: readonly string[]): string {
  const named = unknown.slice(0, NAMED_UNKNOWN).map(shorten).join(', ');
  if (unknown.length <= NAMED_UNKNOWN) return `Unknown symbols: ${named}`;
  return `${unknown.length} unknown symbols: ${named} and ${unknown.length - NAMED_UNKNOWN} more`;
}

/** Counts a socket's messages per one-second window; `admit` is false once the window's allowance is spent. */
export class MessageRate {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  admit(): boolean {
    const now = this.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.perSecond;
  }
}
