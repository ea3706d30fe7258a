import type { BrokerFailureCode } from '../live-kit/errors';

// What a trader reads when AliceBlue refuses something. AliceBlue often answers with a bare code (`EC912`); the
// codes an options trader can meet are spelled out here, and refusals for the exchanges' rules on API orders
// (static IP, algo id, market protection, rate limit) are explained in plain words.

export const ALICEBLUE_NAME = 'AliceBlue';

export const ALICEBLUE_MESSAGES = {
  sessionExpired: 'AliceBlue session expired. Log in with AliceBlue again to trade.',
  rateLimited: 'AliceBlue rate limit reached (too many requests). Try again in a moment.',
  unreachable: (detail: string) => `AliceBlue could not be reached (${detail}).`,
  rejected: (detail: string) => `AliceBlue: ${detail}`,
  notConfigured: 'AliceBlue login is not available on this server',
  loginFailed: (detail: string) => `AliceBlue login failed: ${detail}`,
} as const;

/** AliceBlue's codes an order of ours can meet, in its own words where they are clear enough. */
const CODES: Readonly<Record<string, string>> = {
  EC003: 'an error occurred at AliceBlue; please try again',
  EC087: 'session expired',
  EC088: 'the order is larger than the exchange allows in one order (freeze quantity)',
  EC086: 'this AliceBlue account is read-only and may not place, modify or cancel orders',
  EC912: 'the order could not be placed',
  EC913: 'the user details could not be read (the login code is invalid or was already used)',
  EC947: 'AliceBlue does not know this contract',
  EC954: 'the quantity must be a whole number of lots',
  EC990: 'the quantity must be a whole number of lots',
  EC957: 'invalid price',
  EC958: 'the price must be above zero',
  EC959: 'invalid trigger price',
  EC960: 'the trigger price must be above zero',
  EC972: 'the algo id is longer than 12 characters',
  EC973: 'for a buy stop-loss the trigger must be below the limit price',
  EC974: 'for a sell stop-loss the trigger must be above the limit price',
  EC983: 'the exchange algo id configured on this server is not valid at AliceBlue',
  EC988: 'market orders need market protection',
  EC992: 'the order cannot be modified (unknown order id)',
  EC993: 'the order is no longer open, so it cannot be changed',
  EC994: 'the order is not in your AliceBlue order book',
  EC997: 'the order is not in your AliceBlue order book, so it cannot be cancelled',
  EC999: 'the order is not in your AliceBlue order book, so it cannot be modified',
  EC838: 'this order type is not allowed',
  EC855: 'modification is not allowed',
  EC858: 'orders are not allowed on this exchange for your account',
};

/** Codes meaning "no such order": answered as not_found, so the engine does not retry them. */
const NOT_FOUND = new Set(['EC979', 'EC992', 'EC994', 'EC997', 'EC999', 'EC815']);

/** Refusals for the exchanges' rules on API orders, in words a trader understands. */
const RULES: ReadonlyArray<{ pattern: RegExp; text: string; code?: BrokerFailureCode }> = [
  {
    pattern: /static ip|ip (address )?(is )?not (allowed|registered|whitelisted)|unregistered ip/i,
    text: "this server's IP address is not registered as your static IP at AliceBlue (exchange rule for API orders); register it in AliceBlue's API settings",
  },
  {
    pattern: /algo/i,
    text: 'the exchange algo id is missing or not approved for your account (exchange rule for API orders); ask the operator of this server',
  },
  {
    pattern: /market protection/i,
    text: 'market orders must carry market protection (exchange rule); set a market protection percentage',
  },
  {
    pattern: /rate limit|too many|throttl/i,
    text: 'too many requests to AliceBlue in a short time; try again in a moment',
    code: 'rate_limited',
  },
];

export const isSessionExpiry = (message: string): boolean =>
  /\bEC087\b|session (has )?expired|invalid session|session (is )?invalid|unauthori[sz]ed/i.test(message);

/** A refusal's message, explained, and how the engine should treat it. */
export function explainRefusal(message: string): { code: BrokerFailureCode; text: string } {
  const raw = message.trim();
  const code = /\b(EC\d{3})\b/.exec(raw)?.[1];
  const failure: BrokerFailureCode = code && NOT_FOUND.has(code) ? 'not_found' : 'rejected';
  const known = code ? CODES[code] : undefined;
  if (known) return { code: failure, text: ALICEBLUE_MESSAGES.rejected(`${known} (${code})`) };
  const rule = RULES.find((candidate) => candidate.pattern.test(raw));
  if (rule) return { code: rule.code ?? 'rejected', text: ALICEBLUE_MESSAGES.rejected(rule.text) };
  return { code: failure, text: ALICEBLUE_MESSAGES.rejected(raw || 'the request was refused') };
}
