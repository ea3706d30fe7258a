import { brokerEndpoint, brokerRoot } from '../live-kit/endpoints';

// Angel One's documented hosts; XT_ANGELONE_BASE_URL moves every one of them to one base (tests: the local fake).

const API_ROOT = 'https://apiconnect.angelone.in';
const LOGIN_PAGE = 'https://smartapi.angelone.in/publisher-login';
const ORDER_STREAM = 'wss://tns.angelone.in/smart-order-update';
const PRICE_STREAM = 'wss://smartapisocket.angelone.in/smart-stream';
const SCRIP_MASTER = 'https://margincalculator.angelbroking.com/OpenAPI_File/files/OpenAPIScripMaster.json';

export const angelEndpoints = (baseUrl: string | undefined) => ({
  apiRoot: brokerRoot(API_ROOT, baseUrl),
  loginPage: brokerEndpoint(LOGIN_PAGE, baseUrl),
  scripMaster: brokerEndpoint(SCRIP_MASTER, baseUrl),
  orderStream: brokerEndpoint(ORDER_STREAM, baseUrl),
  priceStream: brokerEndpoint(PRICE_STREAM, baseUrl),
});

/** The documented REST paths under the API root. */
export const ANGEL_PATHS = {
  profile: '/rest/secure/angelbroking/user/v1/getProfile',
  rms: '/rest/secure/angelbroking/user/v1/getRMS',
  placeOrder: '/rest/secure/angelbroking/order/v1/placeOrder',
  modifyOrder: '/rest/secure/angelbroking/order/v1/modifyOrder',
  cancelOrder: '/rest/secure/angelbroking/order/v1/cancelOrder',
  orderBook: '/rest/secure/angelbroking/order/v1/getOrderBook',
  positions: '/rest/secure/angelbroking/order/v1/getPosition',
} as const;
