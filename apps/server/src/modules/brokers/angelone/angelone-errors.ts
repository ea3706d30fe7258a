import { classifyUnexpected } from '../live-kit/errors';

// How Angel One's answers become classified failures, and its refusals for exchange rules plain words a trader
// understands.

export const ANGELONE_NAME = 'Angel One';

export const ANGELONE_MESSAGES = {
  sessionExpired: 'Angel One session expired. Log in with Angel One again to trade.',
  rateLimited: 'Angel One rate limit reached (too many requests). Try again in a moment.',
  unreachable: (detail: string) => `Angel One could not be reached (${detail}).`,
  rejected: (detail: string) => `Angel One: ${detail}`,
} as const;

/** SmartAPI's error codes for a missing, invalid or expired session token. */
const DEAD_TOKEN_CODES = new Set(['AG8001', 'AG8002', 'AG8003', 'AB1010', 'AB1011']);

/** SmartAPI's error codes for a failure inside Angel One ("Something Went Wrong", "Internal Error"). */
const INTERNAL_ERROR_CODES = new Set(['AB1004', 'AB2001']);

/** Angel One answers a rate-limited call with this plain-text body (not JSON). */
const RATE_TEXT = /exceeding access rate|rate limit|too many requests/i;

/** Refusals for exchange and regulator rules, in plain words. */
const PLAIN_REFUSALS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /static ip|ip address.*(not|regist|whitelist)|ip.*not (allowed|whitelisted|registered)/i,
    "this server's IP address is not your registered static IP for API orders. Register it in your Angel One SmartAPI profile, then try again.",
  ],
  [/algo/i, 'the exchange requires an approved algo id on this order, and Angel One refused it without one.'],
  [
    /market protection|protection/i,
    'the exchange requires market protection on market orders. Use a limit order instead.',
  ],
];

/** A refusal's text in plain words where it is about an exchange rule; otherwise the broker's own text. */
export function plainRefusal(text: string): string {
  for (const [pattern, words] of PLAIN_REFUSALS) if (pattern.test(text)) return words;
  return text;
}

export const isDeadTokenCode = (code: string | null | undefined): boolean =>
  code !== null && code !== undefined && DEAD_TOKEN_CODES.has(code.toUpperCase());

export const isInternalErrorCode = (code: string | null | undefined): boolean =>
  code !== null && code !== undefined && INTERNAL_ERROR_CODES.has(code.toUpperCase());

export const isRateLimitText = (text: string): boolean => RATE_TEXT.test(text);

/** Whatever a call threw, as a classified error (an unexpected throw is an uncertain network failure). */
export const classifyAngelError = classifyUnexpected(ANGELONE_MESSAGES.unreachable);
