import { BrokerCallError } from '../live-kit/errors';
import type { DhanErrorBody } from './dhan-schemas';

// DhanHQ's failures, classified once for every call. Dhan answers `{errorType, errorCode, errorMessage}` with codes
// DH-901 (token invalid or expired) ... DH-910; its own words are kept, and the refusals the exchange rules for API
// orders cause (static IP, algo registration, market price protection, rate limits) are said in plain words.

export const DHAN_MESSAGES = {
  sessionExpired: 'Dhan session expired. Log in with Dhan again to trade.',
  rateLimited: 'Dhan rate limit reached (too many requests). Try again in a moment.',
  unreachable: (detail: string) => `Dhan could not be reached (${detail}).`,
  rejected: (detail: string) => `Dhan: ${detail}`,
} as const;

/** Dhan's words for refusals an exchange rule causes, and what a trader should read instead. */
const PLAIN_WORDS: ReadonlyArray<{ test: RegExp; say: string }> = [
  {
    test: /static ip|ip (address )?(is )?not (whitelisted|registered|allowed)|whitelist/i,
    say: "Dhan refused the order because it did not come from the static IP registered for your account. Register this server's IP address under 'Access DhanHQ APIs' on web.dhan.co.",
  },
  {
    test: /algo[ -]?(id|order)?s? .*(not allowed|not approved|not registered|required|invalid)|(unapproved|unregistered) algo/i,
    say: 'Dhan refused the order because it is not marked as coming from an exchange-approved algo. Ask the operator to set the algo id for Dhan.',
  },
  {
    test: /market price protection|\bmpp\b|market protection/i,
    say: 'Dhan refused the market order because its price protection could not be applied. Use a limit order or try again.',
  },
];

const plainWordsFor = (message: string): string | undefined =>
  PLAIN_WORDS.find((rule) => rule.test.test(message))?.say;

/** What `DH-9xx` means to a trader when Dhan sends no message of its own. */
const CODE_WORDS: Readonly<Record<string, string>> = {
  'DH-902': 'your Dhan account does not have access to the Trading APIs',
  'DH-903': 'your Dhan account cannot trade this (check the segment is activated)',
  'DH-905': 'the request was refused as invalid',
  'DH-906': 'the order was refused',
  'DH-907': 'Dhan has no data for this request',
};

/** A Dhan answer that is not a success, as the classified error of the call. */
export function dhanFailure(status: number, body: DhanErrorBody | undefined): BrokerCallError {
  const code = body?.errorCode?.trim().toUpperCase() ?? '';
  const message = body?.errorMessage?.trim() || CODE_WORDS[code] || `HTTP ${status}`;
  if (status === 401 || code === 'DH-901') {
    return new BrokerCallError('token_expired', DHAN_MESSAGES.sessionExpired, false);
  }
  if (status === 429 || code === 'DH-904' || /rate limit|too many requests/i.test(message)) {
    return new BrokerCallError('rate_limited', DHAN_MESSAGES.rateLimited, false);
  }
  // Dhan's own server or network trouble (DH-908, DH-909, a 5xx): the request may have been acted on.
  if (status >= 500 || code === 'DH-908' || code === 'DH-909') {
    return new BrokerCallError('network', DHAN_MESSAGES.unreachable(`${code || 'HTTP'} ${message}`), true);
  }
  const kind =
    status === 404 || /order not found|no order|invalid order ?id/i.test(message) ? 'not_found' : 'rejected';
  return new BrokerCallError(kind, DHAN_MESSAGES.rejected(plainWordsFor(message) ?? message), false);
}

/** Anything else a call threw (a bug, an unexpected shape) counts as an uncertain network failure. */
export function classifyDhanError(error: unknown): BrokerCallError {
  if (error instanceof BrokerCallError) return error;
  return new BrokerCallError(
    'network',
    DHAN_MESSAGES.unreachable(error instanceof Error ? error.message : String(error)),
    true,
  );
}
