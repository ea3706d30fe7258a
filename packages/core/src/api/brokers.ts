import { z } from 'zod';

/** Broker keys of the redirect route `/redirect/:broker` and the callbacks. */
export const BROKER_KEYS = [
  'zerodha',
  'vortex',
  'upstox',
  'fyers',
  'flattrade',
  'dhan',
  'aliceblue',
  'angelone',
  'iifl',
] as const;
export type BrokerKey = (typeof BROKER_KEYS)[number];

/** Rupeezy's API is called Vortex; the route accepts either name. */
export const brokerKeySchema = z
  .enum([...BROKER_KEYS, 'rupeezy'])
  .transform((key): BrokerKey => (key === 'rupeezy' ? 'vortex' : key));

/** Callback bodies, each exactly as the broker's redirect delivers its token. */
export const brokerCallbackSchemas = {
  zerodha: z.object({ requestToken: z.string().min(1) }),
  vortex: z.object({ authToken: z.string().min(1) }),
  upstox: z.object({ code: z.string().min(1) }),
  fyers: z.object({ auth_code: z.string().min(1) }),
  flattrade: z.object({ code: z.string().min(1) }),
  dhan: z.object({ token: z.string().min(1) }),
  aliceblue: z.object({ authCode: z.string().min(1), clientId: z.string().min(1) }),
  angelone: z.object({
    auth_token: z.string().min(1),
    feed_token: z.string().min(1),
    refresh_token: z.string().min(1),
  }),
  iifl: z.object({ clientId: z.string().min(1), authcode: z.string().min(1) }),
} as const satisfies Record<BrokerKey, z.ZodType>;

/**
 * The server route each broker's login callback is posted to; the web app's `/redirect/:broker` page posts there.
 */
export const BROKER_CALLBACK_PATHS = {
  zerodha: '/broker/request-token/zerodha',
  vortex: '/broker/auth-token/vortex',
  upstox: '/broker/code/upstox',
  fyers: '/broker/auth_code/fyers',
  flattrade: '/broker/code/flattrade',
  dhan: '/broker/token/dhan',
  aliceblue: '/broker/auth-code/aliceblue',
  angelone: '/broker/auth/angelone',
  iifl: '/broker/save/iifl',
} as const satisfies Record<BrokerKey, `/broker/${string}`>;

/** The web page a broker's login sends the browser back to (the redirect URL registered with the broker). */
export const brokerRedirectPath = (broker: BrokerKey): `/redirect/${BrokerKey}` => `/redirect/${broker}`;

/** POST /broker/add/zerodha. */
export const addZerodhaAccountRequestSchema = z.object({
  apiKey: z.string().trim().min(1).max(64),
  apiSecret: z.string().trim().min(1).max(128),
});

/** data of GET /broker/login/{broker}: where to send the browser. */
export const brokerLoginResponseSchema = z.object({ url: z.string() });

/** data of every broker login callback: which broker the login was for and whether it can trade yet. */
export const brokerCallbackResponseSchema = z.object({
  broker: z.string(),
  clientId: z.string().nullable(),
  /** Whether the broker can trade through this server once logged in (every listed broker can today). */
  tradingAvailable: z.boolean(),
});

/** data of GET /broker/status: the header's broker status hover card. */
export const brokerStatusSchema = z.object({
  /** `user.activeBroker` (PAPERTRADE in Practice Mode), null when none. */
  broker: z.string().nullable(),
  clientId: z.string().nullable(),
  /** practice: Practice Mode; expired: the broker's daily session ended (log in again); disconnected: no session. */
  state: z.enum(['none', 'practice', 'connected', 'expired', 'disconnected']),
  /** When the broker session ends (epoch ms), when known. */
  expiresAt: z.number().nullable(),
  /** Order updates from the broker: streaming, reconnecting after a drop, or off. */
  updates: z.enum(['live', 'reconnecting', 'off']),
  /** Whether 'Subscribe Updates' (POST /broker/reconnect) applies (brokers whose updates can be re-subscribed). */
  canSubscribeUpdates: z.boolean(),
  /**
   * How the broker's order updates reach us: its stream (WebSocket), its postbacks, or reading its order book every
   * few seconds; null in Practice Mode or with no broker.
   */
  updateChannel: z.enum(['stream', 'postback', 'polling']).nullable(),
});

/** POST /broker/papertrading/{value}. */
export const paperTradingParamsSchema = z.object({ value: z.enum(['start', 'stop']) });

export type BrokerCallbackResponse = z.infer<typeof brokerCallbackResponseSchema>;
export type BrokerStatus = z.infer<typeof brokerStatusSchema>;

export const BROKER_MESSAGES = {
  /** The server's answer when Zerodha API credentials are missing; the web app switches to the add-account form. */
  missingCredentials: 'cannot find credentials',
  zerodhaAccountAdded: 'Zerodha account added',
  brokerConnected: (broker: string) => `${broker} connected`,
  fundsReset: 'Your account funds has been reset!',
  reconnected: 'Reconnected to broker updates successfully!',
} as const;
