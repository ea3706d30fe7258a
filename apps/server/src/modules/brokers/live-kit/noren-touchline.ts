import type { BrokerContract } from './instrument-master';
import type { UserCredentials } from './price-feed';
import type { PushMessage, PushProtocol } from './push-price-feed';
import { priceOf } from './quote-request';

// Noren's touchline market-data socket, spoken by brokers on the Noren/Omnesys back office (Flattrade, AliceBlue):
// a connect frame `{t: "c", uid, actid, source: "API", susertoken}` (each broker says what goes in it), the ack
// `{t: "ck", s: "OK"}` (anything else: the session is refused); `{t: "t", k: "NFO|43919#NFO|43920"}` subscribes
// contracts, each acknowledged with a full snapshot `{t: "tk", e, tk, lp, c, ...}` and then pushed as
// `{t: "tf", e, tk, ...}` carrying only the fields that changed (`lp` when the price moved); `{t: "u", k}`
// unsubscribes; a heartbeat frame keeps the line alive.

const keyOf = (contract: Pick<BrokerContract, 'exchange' | 'instrumentId'>) =>
  `${contract.exchange}|${contract.instrumentId}`;
/** Noren speaks JSON text both ways. */
export interface NorenTouchline extends Omit<PushProtocol, 'hello' | 'subscribe' | 'unsubscribe'> {
  hello(credentials: UserCredentials): string;
  subscribe(contracts: readonly BrokerContract[]): string;
  unsubscribe(contracts: readonly BrokerContract[]): string;
}

const keys = (contracts: readonly BrokerContract[]) => contracts.map(keyOf).join('#');

export function norenTouchline(options: {
  url: string;
  /** The connect frame with the user's session, in the broker's words. */
  hello(credentials: UserCredentials): Record<string, string>;
  heartbeat: { frame: Record<string, string>; everyMs: number };
}): NorenTouchline {
  return {
    url: options.url,
    hello: (credentials) => JSON.stringify({ t: 'c', ...options.hello(credentials) }),
    read(frame): PushMessage | undefined {
      const message = JSON.parse(String(frame)) as Record<string, unknown>;
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
    heartbeat: { frame: JSON.stringify(options.heartbeat.frame), everyMs: options.heartbeat.everyMs },
  };
}
