import { brokerEndpoint, brokerRoot } from '../live-kit/endpoints';

// Upstox's documented hosts: the login dialog and REST on api.upstox.com (v2), order place/modify/cancel on the
// low-latency api-hft.upstox.com (v3), the instrument masters on assets.upstox.com. XT_UPSTOX_BASE_URL moves all of
// them onto one base, keeping the paths.

export interface UpstoxEndpoints {
  /** The authorization dialog the browser is sent to. */
  loginDialog: string;
  /** The code-for-token exchange (form-encoded POST). */
  token: string;
  /** REST root for reads (order book, positions, funds, profile). */
  api: string;
  /** Order host root for v3 place, modify and cancel. */
  orders: string;
  /** Authorizes one connection to the portfolio stream feed (order updates); answers the socket's URI. */
  portfolioStreamAuthorize: string;
  /** Authorizes one connection to the market data feed V3 (the user's own prices); answers the socket's URI. */
  marketDataFeedAuthorize: string;
  /** The daily instrument masters of the exchanges we trade (gzipped JSON arrays). */
  masters: readonly string[];
}

export function upstoxEndpoints(baseUrl: string | undefined): UpstoxEndpoints {
  return {
    loginDialog: brokerEndpoint('https://api.upstox.com/v2/login/authorization/dialog', baseUrl),
    token: brokerEndpoint('https://api.upstox.com/v2/login/authorization/token', baseUrl),
    api: brokerRoot('https://api.upstox.com', baseUrl),
    orders: brokerRoot('https://api-hft.upstox.com', baseUrl),
    portfolioStreamAuthorize: brokerEndpoint(
      'https://api.upstox.com/v2/feed/portfolio-stream-feed/authorize',
      baseUrl,
    ),
    marketDataFeedAuthorize: brokerEndpoint(
      'https://api.upstox.com/v3/feed/market-data-feed/authorize',
      baseUrl,
    ),
    masters: [
      brokerEndpoint('https://assets.upstox.com/market-quote/instruments/exchange/NSE.json.gz', baseUrl),
      brokerEndpoint('https://assets.upstox.com/market-quote/instruments/exchange/BSE.json.gz', baseUrl),
    ],
  };
}
