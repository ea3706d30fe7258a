import type { BrokerContract } from '../live-kit/instrument-master';
import type { PushMessage, PushProtocol } from '../live-kit/push-price-feed';
import { priceOf } from '../live-kit/quote-request';

// Flattrade's market-data socket (Noren's touchline): connect with `{t: "c", uid, actid, source: "API",
// susertoken}`, the ack `{t: "ck", s: "OK"}` (anything else: the session is refused); `{t: "t", k:
// "NFO|43919#NFO|43920"}` subscribes contracts, each acknowledged with a full snapshot `{t: "tk", e, tk, lp, c, ...}`
// and then pushed as `{t: "tf", e, tk, ...}` carrying only the fields that changed (`lp` when the price moved);
// `{t: "u", k}` unsubscribes; `{t: "h"}` keeps the line alive.

/** The documented market-data socket (moved by XT_FLATTRADE_BASE_URL like every other host). */
export const FLATTRADE_TOUCHLINE_URL = 'wss://piconnect.flattrade.in/PiConnectWSTp/';
const HEARTBEAT_MS = 30_000;

const keyOf = (contract: Pick<BrokerContract, 'exchange' | 'instrumentId'>) =>
  `${contract.exchange}|${contract.instrumentId}`;
const keys = (contracts: readonly BrokerContract[]) => contracts.map(keyOf).join('#');

export function flattradeTouchline(url: string): PushProtocol {
  return {
    url,
    hello: ({ account, token }) =>
      JSON.stringify({
        t: 'c',
        uid: account.clientId ?? '',
        actid: account.clientId ?? '',
        source: 'API',
        susertoken: token,
      }),
    read(frame): PushMessage | undefined {
      const message = JSON.parse(frame) as Record<string, unknown>;
      if (message.t === 'ck')
        return String(message.s).toUpperCase() === 'OK'
          ? { kind: 'ready' }
          : { kind: 'refused', reason: String(message.emsg ?? 'session refused') };
      if (message.t !== 'tk' && message.t !== 'tf') return undefined;
      const lastPrice = priceOf(message.lp);
      if (lastPrice === undefined) return undefined;
      const close = priceOf(message.c);
      const key = keyOf({ exchange: String(message.e), instrumentId: String(message.tk) });
      return { kind: 'ticks', ticks: [{ key, lastPrice, ...(close ? { close } : {}) }] };
    },
    keyOf,
    subscribe: (contracts) => JSON.stringify({ t: 't', k: keys(contracts) }),
    unsubscribe: (contracts) => JSON.stringify({ t: 'u', k: keys(contracts) }),
    heartbeat: { frame: JSON.stringify({ t: 'h' }), everyMs: HEARTBEAT_MS },
  };
}
