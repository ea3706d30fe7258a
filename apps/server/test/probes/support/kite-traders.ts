import type { FakeKite } from '../../fakes/kite';
import { type ApiClient, signUp } from './api-client';

// Traders of a server child process linked to one fake Kite app, each with their own Kite user id (their own
// order book at the fake), and the index contracts they trade registered at the fake.

export const PROBE_KITE_APP = { apiKey: 'probeapp', apiSecret: 'probe-app-secret' };

export interface Contract {
  tradingsymbol: string;
  internalToken: string;
  lot_size: number;
  exchange: 'NFO' | 'BFO';
}

export interface KiteTrader {
  client: ApiClient;
  kiteUserId: string;
}

export function kiteEnv(kite: FakeKite): Record<string, string> {
  return { XT_KITE_API_URL: kite.url, XT_KITE_LOGIN_URL: kite.loginUrl, XT_KITE_TICKER_URL: kite.tickerUrl };
}

let traders = 0;

/** A fresh user, subscribed, who added the probe's Kite app and logged in to Kite as a new Kite user. */
export async function kiteTrader(kite: FakeKite, baseUrl: string, label: string): Promise<KiteTrader> {
  if (!kite.apps.has(PROBE_KITE_APP.apiKey)) kite.registerApp(PROBE_KITE_APP);
  traders += 1;
  const kiteUserId = `KU${String(traders).padStart(4, '0')}`;
  const client = await signUp(baseUrl, label);
  await client.ok('POST', '/broker/add/zerodha', PROBE_KITE_APP);
  await client.ok('POST', '/broker/request-token/zerodha', {
    requestToken: kite.issueRequestToken(PROBE_KITE_APP.apiKey, kiteUserId),
  });
  return { client, kiteUserId };
}

/** The index's nearest call and put, registered at the fake Kite so orders for them are accepted. */
export async function indexContracts(
  kite: FakeKite,
  client: ApiClient,
  index: 'NIFTY' | 'BANKNIFTY',
): Promise<{ call: Contract; put: Contract }> {
  const pair = await client.ok<{ call: Contract; put: Contract }>(
    'GET',
    `/instruments/fetchLatestOptionOfIndex?name=${index}&segment=indices`,
  );
  for (const contract of [pair.call, pair.put]) {
    kite.addInstrument({
      tradingsymbol: contract.tradingsymbol,
      instrument_token: Number(contract.internalToken),
      exchange: contract.exchange,
    });
  }
  return pair;
}
