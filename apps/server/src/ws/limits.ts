// Per-socket limits of the gateway: what one client may make the server do or hold (docs/websocket.md, Limits).

/** Close code for a client that breaks a limit (too many messages, too many sockets): RFC 6455 policy violation. */
const CLOSE_POLICY_VIOLATION = 1008;

/** How long a client closed for breaking a limit has to answer the close before it is dropped. */
const CLOSE_GRACE_MS = 1000;

/** The parts of a `ws` socket a policy close needs. */
interface ClosableSocket {
  close(code: number, reason: string): void;
  pause(): void;
  terminate(): void;
}

/**
 * Closes a socket that broke a limit with 1008 and the reason, and stops reading from it at once: a client that
 * floods without reading would never answer the close, and ws would go on reading (and parsing) its messages until
 * its own 30 s close timeout. It is dropped if it has not answered within a second.
 */
export function closeForPolicy(socket: ClosableSocket, reason: string): void {
  socket.close(CLOSE_POLICY_VIOLATION, reason);
  socket.pause();
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}

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
