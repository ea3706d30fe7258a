import { BrokerCallError } from '../live-kit/errors';

// Flattrade refuses with `{stat: "Not_Ok", emsg}` (HTTP 200, sometimes 4xx). The emsg is Noren's own text; the
// refusals a trader cannot act on as written (exchange rules for API orders, rate limits, a dead session) are put
// into plain words here.

export const FLATTRADE_NAME = 'Flattrade';

export const FLATTRADE_MESSAGES = {
  sessionExpired: 'Flattrade session expired. Log in with Flattrade again to trade.',
  rateLimited:
    'Flattrade rate limit reached (too many requests this second or minute). Try again in a moment.',
  unreachable: (detail: string) => `Flattrade could not be reached (${detail}).`,
  unreadable: (what: string) => `Flattrade sent an unreadable ${what}`,
  staticIp:
    'Flattrade refused the order: this server’s IP address is not registered for your API key. Exchange rules allow API orders only from a registered static IP; register it at Flattrade and try again.',
  algoNotAllowed:
    'Flattrade refused the order: API orders from this platform are not approved for your account (exchange algo registration). Contact Flattrade or trade from their own app.',
  marketProtection:
    'Flattrade refused the market order: exchange rules require market protection on market orders. Set a market protection percentage or use a limit order.',
  stopMarket:
    'Flattrade refused the stop-loss market order: the exchange does not accept stop-loss market orders on options. Use a stop-loss limit order.',
  rejected: (detail: string) => `Flattrade: ${detail}`,
} as const;

const SESSION_DEAD = /session expired|invalid session|session key/i;
const RATE_LIMIT = /exceeds\s+limit|rate limit|too many requests/i;
const STATIC_IP = /static ip|ip address|\bip\b.*(not|whitelist|regist)|whitelist/i;
const ALGO = /\balgo\b|algo id|algoid/i;
const MARKET_PROTECTION = /market protection|mkt_protection|mkt protection/i;
const STOP_MARKET = /sl-mkt|sl mkt|stop ?loss market/i;
const NOT_FOUND = /order not found|no such order|invalid order ?(no|number)/i;

/** Noren's `emsg` of a refusal, classified (nothing was done at the broker: never uncertain). */
export function refusalOf(emsg: string | null | undefined): BrokerCallError {
  const text = emsg?.trim() || 'the request was refused';
  if (SESSION_DEAD.test(text))
    return new BrokerCallError('token_expired', FLATTRADE_MESSAGES.sessionExpired, false);
  if (RATE_LIMIT.test(text))
    return new BrokerCallError('rate_limited', FLATTRADE_MESSAGES.rateLimited, false);
  if (NOT_FOUND.test(text)) return new BrokerCallError('not_found', FLATTRADE_MESSAGES.rejected(text), false);
  const plain = STATIC_IP.test(text)
    ? FLATTRADE_MESSAGES.staticIp
    : ALGO.test(text)
      ? FLATTRADE_MESSAGES.algoNotAllowed
      : MARKET_PROTECTION.test(text)
        ? FLATTRADE_MESSAGES.marketProtection
        : STOP_MARKET.test(text)
          ? FLATTRADE_MESSAGES.stopMarket
          : FLATTRADE_MESSAGES.rejected(text);
  return new BrokerCallError('rejected', plain, false);
}

/** An empty book: Noren answers Not_Ok "no data" rather than an empty list. */
export const isNoData = (emsg: string | null | undefined): boolean => /no data/i.test(emsg ?? '');
