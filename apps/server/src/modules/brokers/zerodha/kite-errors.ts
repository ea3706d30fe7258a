import type { BrokerAck } from '../broker';

// Kite's error envelope `{ message, error_type }` (reference A.1), as kiteconnect rejects with it, turned into the
// failure kinds the engine understands and messages a trader can act on.

export type KiteFailureCode = NonNullable<Extract<BrokerAck, { ok: false }>['code']>;

/** A failed Kite call, classified. `uncertain` means the request may still have reached Kite. */
export class KiteApiError extends Error {
  constructor(
    readonly code: KiteFailureCode,
    message: string,
    readonly uncertain: boolean,
  ) {
    super(message);
    this.name = 'KiteApiError';
  }
}

export const KITE_MESSAGES = {
  tokenExpired: 'Zerodha session expired. Log in with Zerodha again to trade.',
  rateLimited: 'Zerodha rate limit reached (too many requests). Try again in a moment.',
  unreachable: (detail: string) => `Zerodha could not be reached (${detail}).`,
  rejected: (detail: string) => `Zerodha: ${detail}`,
} as const;

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Classifies whatever kiteconnect rejected with (its envelope, or an Error for a local failure). */
export function classifyKiteError(error: unknown): KiteApiError {
  if (error instanceof KiteApiError) return error;
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const type = textOf(record.error_type);
  const message = textOf(record.message) || (error instanceof Error ? error.message : '') || 'Unknown error';
  if (type === 'TokenException') return new KiteApiError('token_expired', KITE_MESSAGES.tokenExpired, false);
  if (/too many requests|rate limit/i.test(message)) {
    return new KiteApiError('rate_limited', KITE_MESSAGES.rateLimited, false);
  }
  // kiteconnect reports "no response" and non-JSON error pages as NetworkException; a 5xx JSON reply too.
  if (type === 'NetworkException' || type === 'GeneralException' || type === '') {
    return new KiteApiError('network', KITE_MESSAGES.unreachable(message), true);
  }
  if (/order[_ ]id|order (was )?not found|couldn't find that/i.test(message)) {
    return new KiteApiError('not_found', KITE_MESSAGES.rejected(message), false);
  }
  return new KiteApiError('rejected', KITE_MESSAGES.rejected(message), false);
}
