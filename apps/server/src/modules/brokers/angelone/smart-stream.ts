import { BrokerCallError } from '../live-kit/errors';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { PushFrame, PushMessage, PushProtocol, PushTarget } from '../live-kit/push-price-feed';
import { ANGELONE_MESSAGES } from './angelone-errors';
import {
  readSmartStreamPacket,
  SMART_STREAM_EXCHANGES,
  SMART_STREAM_MODES,
  smartStreamKey,
} from './smart-stream-packet';

// An Angel One user's own prices on SmartStream, SmartAPI's WebSocket 2.0 (README "Own prices"): the session goes
// in the handshake headers (`Authorization` with the JWT, `x-api-key`, `x-client-code`, `x-feed-token`; a refused
// one is an HTTP 401 there), so there is no login frame. JSON text requests `{correlationID, action: 1 subscribe /
// 0 unsubscribe, params: {mode: 1 (LTP), tokenList: [{exchangeType, tokens}]}}`; binary ticks
// (smart-stream-packet.ts); text `ping` keeps the line alive, answered `pong`. Angel One allows 1,000 token
// subscriptions a session (each token and mode counts once) and 3 sockets per client code; we open one a user
// session. Errors come back as JSON text `{correlationID, errorCode, errorMessage}` (E1002: subscription limit):
// a contract refused so never ticks and goes stale like any quiet contract.

/** Angel One's SDKs send `ping` every 10 s (the docs give no interval); well inside any idle cut-off. */
export const SMART_STREAM_PING_MS = 10_000;
/** Echoed in Angel One's error answers (a 10-character id, as documented). */
const CORRELATION_ID = 'xtraderltp';

const ACTION = { subscribe: 1, unsubscribe: 0 } as const;

/** A contract's exchange type, or undefined for a segment SmartStream is not asked about. */
const exchangeTypeOf = (contract: BrokerContract): number | undefined =>
  SMART_STREAM_EXCHANGES[contract.exchange];

/** `{exchangeType, tokens}` groups, one per exchange, of the contracts SmartStream can stream. */
function tokenList(contracts: readonly BrokerContract[]): Array<{ exchangeType: number; tokens: string[] }> {
  const byExchange = new Map<number, string[]>();
  for (const contract of contracts) {
    const exchangeType = exchangeTypeOf(contract);
    if (exchangeType === undefined) continue;
    const tokens = byExchange.get(exchangeType) ?? [];
    tokens.push(contract.instrumentId);
    byExchange.set(exchangeType, tokens);
  }
  return [...byExchange].map(([exchangeType, tokens]) => ({ exchangeType, tokens }));
}

/** The LTP-mode request of an action; no frame when none of the contracts can be streamed. */
function request(action: number, contracts: readonly BrokerContract[]): readonly PushFrame[] {
  const list = tokenList(contracts);
  if (list.length === 0) return [];
  return [
    JSON.stringify({
      correlationID: CORRELATION_ID,
      action,
      params: { mode: SMART_STREAM_MODES.ltp, tokenList: list },
    }),
  ];
}

export function angelSmartStream(options: {
  url: string;
  /** The platform's SmartAPI key; undefined when Angel One is not configured. */
  apiKey(): string | undefined;
  pingMs?: number;
}): PushProtocol {
  return {
    target({ account, token }): PushTarget {
      const apiKey = options.apiKey();
      const feedToken = account.secrets.feedToken;
      // A session stored before the feed token was kept (or without one) cannot open SmartStream: it ends as
      // expired, and the next login stores the feed token Angel One hands over with the JWT.
      if (!apiKey || !feedToken || !account.clientId)
        throw new BrokerCallError('token_expired', ANGELONE_MESSAGES.sessionExpired, false);
      return {
        url: options.url,
        headers: {
          Authorization: `Bearer ${token}`,
          'x-api-key': apiKey,
          'x-client-code': account.clientId,
          'x-feed-token': feedToken,
        },
      };
    },
    read(frame): PushMessage | undefined {
      // Text frames are `pong` and JSON error answers: neither carries a price.
      if (typeof frame === 'string') return undefined;
      const tick = readSmartStreamPacket(frame);
      if (!tick) return undefined;
      const key = smartStreamKey(tick.exchangeType, tick.token);
      return {
        kind: 'ticks',
        ticks: [
          { key, lastPrice: tick.lastPrice, ...(tick.close !== undefined ? { close: tick.close } : {}) },
        ],
      };
    },
    keyOf: (contract) => smartStreamKey(exchangeTypeOf(contract) ?? -1, contract.instrumentId),
    subscribe: (contracts) => request(ACTION.subscribe, contracts),
    unsubscribe: (contracts) => request(ACTION.unsubscribe, contracts),
    heartbeat: { frame: 'ping', everyMs: options.pingMs ?? SMART_STREAM_PING_MS },
  };
}
