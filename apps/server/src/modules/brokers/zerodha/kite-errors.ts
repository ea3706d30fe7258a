import { BrokerCallError } from '../live-kit/errors';

// Kite's error envelope `{ message, error_type }`, as kiteconnect rejects with it, turned into the
// failure kinds the engine understands and messages a trader can act on.

export const KITE_MESSAGES = {
  tokenExpired: 'Zerodha session expired. Log in with Zerodha again to trade.',
  rateLimited: 'Zerodha rate limit reached (too many requests). Try again in a moment.',
  unreachable: (detail: string) => `Zerodha could not be reached (${detail}).`,
  rejected: (detail: string) => `Zerodha: ${detail}`,
} as const;

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Classifies whatever kiteconnect rejected with (its envelope, or an Error for a local failure). */
export function classifyKiteError(error: unknown): BrokerCallError {
  if (error instanceof BrokerCallError) return error;
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const type = textOf(record.error_type);
  const message = textOf(record.message) || (error instanceof Error ? error.message : '') || 'Unknown error';
  if (type === 'TokenException')
    return new BrokerCallError('token_expired', KITE_MESSAGES.tokenExpired, false);
  if (/too many requests|rate limit/i.test(message)) {
    return new BrokerCallError('rate_limited', KITE_MESSAGES.rateLimited, false);
  }
  // kiteconnect reports "no response" and non-JSON error pages as NetworkException; a 5xx JSON reply too.
  if (type === 'NetworkException' || type === 'GeneralException' || type === '') {
    return new BrokerCallError('network', KITE_MESSAGES.unreachable(message), true);
  }
  if (/order[_ ]id|order (was )?not found|couldn't find that/i.test(message)) {
    return new BrokerCallError('not_found', KITE_MESSAGES.rejected(message), false);
  }
  return new BrokerCallError('rejected', KITE_MESSAGES.rejected(message), false);
}
