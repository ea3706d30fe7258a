/** Where and how a broker's push socket connects. */
export interface SocketTarget {
  url: string | URL;
  /** Handshake headers (a bearer token). */
  headers?: Record<string, string>;
  /** Frames sent as soon as the socket opens (the broker's login, the subscription). */
  greeting?: string[];
}

/**
 * The part of a `ws` WebSocket the stream channel uses, so its tests can hand in a fake socket. Events: 'open',
 * 'message' (data, isBinary), 'error', 'close', 'unexpected-response' (request, response).
 */
export interface PushSocket {
  readonly readyState: number;
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own listener arguments (as on ws's EventEmitter).
  on(event: string, listener: (...args: any[]) => void): unknown;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  removeAllListeners(): unknown;
}

/** A text frame as a JSON object; undefined for anything else (not JSON, an array, a bare value, a 'pong'). */
export function jsonFrame(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
