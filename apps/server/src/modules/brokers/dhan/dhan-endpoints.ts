import { brokerEndpoint, brokerRoot } from '../live-kit/endpoints';

// Dhan's documented hosts (DhanHQ v2). Every one moves to XT_DHAN_BASE_URL when it is set (tests: the local fake),
// keeping the documented paths.

const DOCUMENTED = {
  api: 'https://api.dhan.co/v2',
  auth: 'https://auth.dhan.co',
  consentLogin: 'https://auth.dhan.co/login/consentApp-login',
  /** The detailed scrip master: it names each contract's underlying (UNDERLYING_SYMBOL), the compact one does not. */
  scripMaster: 'https://images.dhan.co/api-data/api-scrip-master-detailed.csv',
  orderStream: 'wss://api-order-update.dhan.co',
  marketFeed: 'wss://api-feed.dhan.co',
} as const;

export interface DhanEndpoints {
  /** Trading API root, e.g. `https://api.dhan.co/v2` (`/orders`, `/positions`, `/fundlimit` below it). */
  api: string;
  /** Auth host: `/app/generate-consent`, `/app/consumeApp-consent`. */
  auth: string;
  /** The browser login page for a consent (`?consentAppId=`). */
  consentLogin: string;
  scripMaster: string;
  /** Live order updates (WebSocket). */
  orderStream: string;
  /** Live market feed (WebSocket; the session goes in its query, market-feed.ts). */
  marketFeed: string;
}

export const dhanEndpoints = (baseUrl: string | undefined): DhanEndpoints => ({
  api: brokerRoot(DOCUMENTED.api, baseUrl),
  auth: brokerRoot(DOCUMENTED.auth, baseUrl),
  consentLogin: brokerEndpoint(DOCUMENTED.consentLogin, baseUrl),
  scripMaster: brokerEndpoint(DOCUMENTED.scripMaster, baseUrl),
  orderStream: brokerEndpoint(DOCUMENTED.orderStream, baseUrl),
  marketFeed: brokerEndpoint(DOCUMENTED.marketFeed, baseUrl),
});
