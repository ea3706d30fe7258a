import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeKite } from '../../fakes/kite';
import { kiteInstrumentsCsv } from '../../helpers/kite-instruments-csv';
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

/**
 * The server child's settings for the fake Kite, with a Kite-format instruments dump in `dataDir`: a linked trader's
 * automation runs on their own Kite ticker's prices, and the ticker streams Kite's 32-bit instrument tokens.
 */
export function kiteEnv(kite: FakeKite, dataDir: string): Record<string, string> {
  const master = path.join(dataDir, 'kite-instruments.csv');
  writeFileSync(master, kiteInstrumentsCsv(Date.now()));
  return {
    XT_KITE_API_URL: kite.url,
    XT_KITE_LOGIN_URL: kite.loginUrl,
    XT_KITE_TICKER_URL: kite.tickerUrl,
    XT_INSTRUMENTS_CSV: master,
  };
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
