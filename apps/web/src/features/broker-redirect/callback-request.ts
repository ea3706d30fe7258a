import {
  BROKER_CALLBACK_PATHS,
  type BrokerKey,
  brokerCallbackSchemas,
  brokerKeySchema,
} from '@xtrader/core/api/brokers';

// What each broker's login redirect puts in the query string (reference B), turned into the callback the server
// expects. Nothing here talks to the server.

/** The callback to post, or why the redirect cannot be completed. */
export type CallbackRequest =
  | { broker: BrokerKey; path: string; body: Record<string, string> }
  | { error: string };

/**
 * Query parameters, read defensively: some brokers (Angel One) have been seen to join parameters with a second `?`,
 * and parameter-name casing varies (IIFL's authCode / authcode).
 */
export function readParams(search: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split(/[&?]/)) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = decodeURIComponent(part.slice(0, at)).toLowerCase();
    const value = decodeURIComponent(part.slice(at + 1).replace(/\+/g, ' ')).trim();
    if (value && !params.has(key)) params.set(key, value);
  }
  return params;
}

const first = (params: Map<string, string>, ...keys: string[]) =>
  keys.map((key) => params.get(key.toLowerCase())).find((value) => value !== undefined) ?? '';

/** The callback body of each broker from its redirect's parameters. */
const BODIES: Record<BrokerKey, (p: Map<string, string>) => Record<string, string> | string> = {
  // Kite adds status=success on a completed login: anything else is a failed login.
  zerodha: (p) =>
    first(p, 'status') === 'success'
      ? { requestToken: first(p, 'request_token') }
      : 'Zerodha login was not completed',
  vortex: (p) => ({ authToken: first(p, 'auth', 'authToken', 'auth_token') }),
  upstox: (p) => ({ code: first(p, 'code') }),
  // Fyers' `code` is a status (200); the grant is auth_code, and s=ok marks success.
  fyers: (p) =>
    first(p, 's') === 'error' ? 'Fyers login was not completed' : { auth_code: first(p, 'auth_code') },
  flattrade: (p) => ({ code: first(p, 'code', 'request_code') }),
  dhan: (p) => ({ token: first(p, 'tokenId', 'token', 'access_token') }),
  aliceblue: (p) => ({
    authCode: first(p, 'authCode', 'auth_code'),
    clientId: first(p, 'userId', 'clientId'),
  }),
  angelone: (p) => ({
    auth_token: first(p, 'auth_token'),
    feed_token: first(p, 'feed_token'),
    refresh_token: first(p, 'refresh_token'),
  }),
  iifl: (p) => ({ clientId: first(p, 'clientId', 'client_id'), authcode: first(p, 'authCode', 'auth_code') }),
};

export function callbackRequestFor(brokerParam: string, search: string): CallbackRequest {
  const key = brokerKeySchema.safeParse(brokerParam.toLowerCase());
  if (!key.success) return { error: `Unknown broker ${brokerParam}` };
  const broker = key.data;
  const body = BODIES[broker](readParams(search));
  if (typeof body === 'string') return { error: body };
  if (!brokerCallbackSchemas[broker].safeParse(body).success) {
    return { error: 'The broker did not send the login details' };
  }
  return { broker, path: BROKER_CALLBACK_PATHS[broker], body };
}
