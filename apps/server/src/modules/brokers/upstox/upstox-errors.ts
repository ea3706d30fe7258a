import { BrokerCallError } from '../live-kit/errors';

// Upstox's failures (`{status: "error", errors: [{errorCode, message}]}` with an HTTP status) as the failure kinds
// the engine understands, with the exchange-rule refusals put in words a trader can act on.

export const UPSTOX_MESSAGES = {
  sessionExpired: 'Upstox session expired. Log in with Upstox again to trade.',
  rateLimited:
    'Upstox refused the order: too many orders in a short time (its limit is 10 a second, 500 a minute and 2,000 in 30 minutes). Try again in a moment.',
  unreachable: (detail: string) => `Upstox could not be reached (${detail}).`,
  rejected: (detail: string) => `Upstox: ${detail}`,
  staticIp:
    "Upstox refused the order: this server's IP address is not the static IP registered for your Upstox app. Exchange rules let API orders come only from a registered static IP.",
  algo: 'Upstox refused the order: orders from this algo are not allowed on your account (exchange rules for API orders). Contact Upstox to enable it.',
  marketProtection:
    'Upstox refused the market order: exchange rules require market protection on API market orders. Use a limit order or set a market protection.',
} as const;

/** Upstox's token-invalid and rate-limit codes (its published error list). */
const TOKEN_CODES = new Set(['UDAPI100050']);
const RATE_CODES = new Set(['UDAPI10005']);
const NOT_FOUND_CODES = new Set(['UDAPI100010']);

export interface UpstoxFailure {
  httpStatus: number;
  code: string | undefined;
  message: string;
}

/** A readable reason for an exchange-rule refusal, else the broker's own text. */
function plainWords(failure: UpstoxFailure): string {
  const text = failure.message;
  if (failure.code === 'UDAPI1154' || /static ip/i.test(text)) return UPSTOX_MESSAGES.staticIp;
  if (/\balgo\b/i.test(text)) return UPSTOX_MESSAGES.algo;
  if (/market protection/i.test(text)) return UPSTOX_MESSAGES.marketProtection;
  return UPSTOX_MESSAGES.rejected(text);
}

/** An answered failure as a classified error; only a 5xx leaves the outcome unknown. */
export function classifyUpstoxFailure(failure: UpstoxFailure): BrokerCallError {
  const { httpStatus, code } = failure;
  if (httpStatus === 401 || (code && TOKEN_CODES.has(code)))
    return new BrokerCallError('token_expired', UPSTOX_MESSAGES.sessionExpired, false);
  if (httpStatus === 429 || (code && RATE_CODES.has(code)))
    return new BrokerCallError('rate_limited', UPSTOX_MESSAGES.rateLimited, false);
  if (httpStatus >= 500)
    return new BrokerCallError('network', UPSTOX_MESSAGES.unreachable(`HTTP ${httpStatus}`), true);
  if (httpStatus === 404 || (code && NOT_FOUND_CODES.has(code)))
    return new BrokerCallError('not_found', UPSTOX_MESSAGES.rejected(failure.message), false);
  const message = plainWords(failure);
  return new BrokerCallError('rejected', message, false);
}

/** Whatever a call threw, classified (an unexpected throw is an uncertain network failure). */
export function classifyUpstoxError(error: unknown): BrokerCallError {
  if (error instanceof BrokerCallError) return error;
  return new BrokerCallError(
    'network',
    UPSTOX_MESSAGES.unreachable(error instanceof Error ? error.message : String(error)),
    true,
  );
}
