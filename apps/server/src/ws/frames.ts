import type { Quote } from '../modules/market/contract';

// Server frames are built from strings, not JSON.stringify per client: each changed quote is serialised once
// per tick cycle and the same fragment goes into the frame of every client that wants it. The fan-out keeps
// fragments as UTF-8 bytes and joins them into wire frames (wire-frame.ts); `ltpFrame` is for the rare snapshot.

/** `{"symbol":"NIFTY 50",` — fixed per symbol, built once. */
export const quotePrefix = (symbol: string): string => `{"symbol":${JSON.stringify(symbol)},`;

/**
 * Best bid and offer, `,"Bid":x,"Ask":y`, for a quote with a book (null for an empty side); nothing without one.
 * Two numbers only: the book itself goes on `instrument_data`, so depth never bloats the ltp stream.
 */
const touchFragment = (quote: Quote): string =>
  quote.depth === undefined ? '' : `,"Bid":${quote.bid ?? null},"Ask":${quote.ask ?? null}`;

/** One element of an ltp frame's data: `{symbol, LastPrice, NetChange, OHLC:{close}, Bid?, Ask?, ts}`. */
export const quoteFragment = (prefix: string, quote: Quote): string =>
  `${prefix}"LastPrice":${quote.lastPrice},"NetChange":${quote.netChange},"OHLC":{"close":${quote.close}}${touchFragment(quote)},"ts":${quote.ts}}`;

export const ltpFrame = (fragments: readonly string[]): string =>
  `{"channel":"ltp","data":[${fragments.join(',')}]}`;

export const errorFrame = (message: string): string => JSON.stringify({ channel: 'error', message });

export const notificationFrame = (notification: unknown): string =>
  JSON.stringify({ channel: 'notifications', data: notification });

export const orderUpdateFrame = (orderId: string): string =>
  JSON.stringify({ channel: 'orders', data: { orderId } });
