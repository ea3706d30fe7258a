import type { BrokerContract } from './instrument-master';
import type { UserCredentials } from './price-feed';

// What a broker's market-data socket protocol is to the kit's push feed (push-price-feed.ts): where to connect with
// a user's session, what to send, and how to read what comes back. Each pushing broker writes one.

/** What one socket message says. */
export type PushMessage =
  | { kind: 'ready' }
  | { kind: 'refused'; reason: string }
  | { kind: 'ticks'; ticks: Array<{ key: string; lastPrice: number; close?: number }> }
  /** Previous closes sent apart from prices (Dhan's prev-close packet): each goes with that key's next tick. */
  | { kind: 'closes'; closes: Array<{ key: string; close: number }> };

/** A frame on the line: text (JSON protocols) or bytes (binary ones: Dhan, Angel One, Upstox protobuf...). */
export type PushFrame = string | Buffer;

/** Where one user's socket connects: brokers put the session in the URL, in headers, or hand out a URL. */
export interface PushTarget {
  url: string;
  headers?: Record<string, string>;
}

/** A broker's documented market-data socket protocol. */
export interface PushProtocol {
  /** A fixed URL (the session goes in `hello`), or `target` below. */
  readonly url?: string;
  /**
   * The URL (and headers) for this user's session, when the broker takes the session at the handshake or hands
   * out a one-time URL; throws a token_expired BrokerCallError when it refuses the session.
   */
  target?(credentials: UserCredentials): PushTarget | Promise<PushTarget>;
  /**
   * What is sent once the socket opens (the login with the user's session). Without it the line is ready as soon
   * as it opens (the handshake carried the session; a refused session is an HTTP 401/403 there).
   */
  hello?(credentials: UserCredentials): PushFrame;
  /** One frame read (text frames as strings, binary as bytes); undefined for frames that say nothing of use. */
  read(frame: PushFrame): PushMessage | readonly PushMessage[] | undefined;
  /** The key a contract's ticks carry (e.g. `NFO|43919`). */
  keyOf(contract: BrokerContract): string;
  /** Frames subscribing these contracts (several when the broker caps instruments per request). */
  subscribe(contracts: readonly BrokerContract[]): PushFrame | readonly PushFrame[];
  unsubscribe(contracts: readonly BrokerContract[]): PushFrame | readonly PushFrame[];
  /** A keep-alive frame and how often to send it. */
  heartbeat?: { frame: PushFrame; everyMs: number };
}

export const framesOf = (frames: PushFrame | readonly PushFrame[]): readonly PushFrame[] =>
  typeof frames === 'string' || Buffer.isBuffer(frames) ? [frames] : (frames as readonly PushFrame[]);
export const messagesOf = (read: PushMessage | readonly PushMessage[] | undefined): readonly PushMessage[] =>
  read === undefined ? [] : 'kind' in read ? [read as PushMessage] : (read as readonly PushMessage[]);
