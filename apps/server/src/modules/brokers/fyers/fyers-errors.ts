import { BrokerCallError, classifyUnexpected } from '../live-kit/errors';

// How Fyers' failures reach a trader. Fyers answers `{s: "error", code: <negative>, message}`; the dead-token codes
// and the rate limit are recognised by code, and refusals that come from exchange rules for API orders (static IP,
// algo registration, market protection, rate limits) are turned into plain words.

export const FYERS_MESSAGES = {
  sessionExpired: 'Fyers session expired. Log in with Fyers again to trade.',
  rateLimited:
    'Fyers rate limit reached (too many requests). Try again in a moment; Fyers blocks the account for the day after repeated breaches.',
  unreachable: (detail: string) => `Fyers could not be reached (${detail}).`,
  noAcknowledgement: 'Fyers took the order but did not confirm it; it is being looked up in the order book.',
  rejected: (detail: string) => `Fyers: ${detail}`,
  notConfigured: 'Fyers login is not available on this server',
  loginFailed: (detail: string) => `Fyers login failed: ${detail}`,
} as const;

/** Fyers' codes for a token that is dead, invalid or could not be authenticated. */
const TOKEN_CODES = new Set([-8, -15, -16, -17]);
const RATE_LIMIT_CODE = -429;
const UNKNOWN_ORDER_CODE = -51;

/** Exchange-rule refusals, recognised by their wording, in words a trader understands. */
const PLAIN_WORDS: ReadonlyArray<[RegExp, string]> = [
  [
    /static ip|ip address|whitelist|white-list|ip not (registered|allowed)/i,
    'orders from this server are not allowed: its IP address is not registered as your static IP at Fyers',
  ],
  [
    /algo/i,
    'Fyers refused the order under the exchange rules for algorithmic orders (algo not registered or not allowed)',
  ],
  [
    /market protection|protection/i,
    'market orders need market protection under the exchange rules; place a limit order instead',
  ],
  [/rate limit|too many/i, 'too many orders in a short time; wait a moment and try again'],
];

export const plainWords = (text: string): string => {
  const match = PLAIN_WORDS.find(([pattern]) => pattern.test(text));
  return match ? `${match[1]} (${text})` : text;
};

/** A Fyers answer that is not a success, classified. `status` is the HTTP status. */
export function fyersFailure(status: number, code: number | undefined, message: string | undefined) {
  const text = message?.trim() || `HTTP ${status}`;
  if (status === 401 || (code !== undefined && TOKEN_CODES.has(code)))
    return new BrokerCallError('token_expired', FYERS_MESSAGES.sessionExpired, false);
  if (status === 429 || code === RATE_LIMIT_CODE)
    return new BrokerCallError('rate_limited', FYERS_MESSAGES.rateLimited, false);
  if (status >= 500)
    return new BrokerCallError('network', FYERS_MESSAGES.unreachable(`HTTP ${status}`), true);
  if (code === UNKNOWN_ORDER_CODE || status === 404)
    return new BrokerCallError('not_found', FYERS_MESSAGES.rejected(text), false);
  return new BrokerCallError('rejected', FYERS_MESSAGES.rejected(plainWords(text)), false);
}

/** Whatever a call threw, as a classified error (an unexpected throw is an uncertain network failure). */
export const classifyFyers = classifyUnexpected(FYERS_MESSAGES.unreachable);
