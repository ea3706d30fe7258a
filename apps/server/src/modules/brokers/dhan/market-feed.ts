import { BrokerCallError } from '../live-kit/errors';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { PushFrame, PushMessage, PushProtocol, PushTarget } from '../live-kit/push-price-feed';
import { DHAN_AUTH_REFUSALS, readDhanFeedFrame } from './feed-packets';

// A Dhan user's own prices: Dhan's live market feed (DhanHQ v2, README.md "Prices") opened with their session in
// the URL, `?version=2&token=<access token>&clientId=<Dhan client id>&authType=2`; no login message follows (the
// line is ready when it opens). Requests are JSON: `{RequestCode: 15, InstrumentCount, InstrumentList:
// [{ExchangeSegment: "NSE_FNO", SecurityId: "40100"}]}` subscribes ticker packets (last price and time; Dhan adds a
// prev-close packet for each instrument), 16 unsubscribes them; at most 100 instruments a message, 5,000 a
// connection. Answers are binary (feed-packets.ts). Dhan pings every 10 s and the socket library answers.

export const DHAN_FEED_REQUEST = { subscribeTicker: 15, unsubscribeTicker: 16 } as const;
/** Instruments one request may carry. */
export const DHAN_FEED_BATCH = 100;

const keyOf = (contract: Pick<BrokerContract, 'exchange' | 'instrumentId'>) =>
  `${contract.exchange}|${contract.instrumentId}`;

function requests(code: number, contracts: readonly BrokerContract[]): string[] {
  const frames: string[] = [];
  for (let at = 0; at < contracts.length; at += DHAN_FEED_BATCH) {
    const batch = contracts.slice(at, at + DHAN_FEED_BATCH);
    frames.push(
      JSON.stringify({
        RequestCode: code,
        InstrumentCount: batch.length,
        InstrumentList: batch.map((c) => ({ ExchangeSegment: c.exchange, SecurityId: c.instrumentId })),
      }),
    );
  }
  return frames;
}

/** One binary frame as the kit's messages: previous closes, then prices, then a refused session (which ends it). */
export function readDhanFeed(frame: PushFrame): PushMessage[] {
  if (typeof frame === 'string') return [];
  const ticks: Array<{ key: string; lastPrice: number }> = [];
  const closes: Array<{ key: string; close: number }> = [];
  const refusals: PushMessage[] = [];
  for (const packet of readDhanFeedFrame(frame)) {
    if (packet.kind === 'disconnect') {
      if (DHAN_AUTH_REFUSALS.has(packet.reason))
        refusals.push({ kind: 'refused', reason: `Dhan feed disconnected: ${packet.reason}` });
      continue;
    }
    const key = keyOf({ exchange: packet.segment, instrumentId: packet.securityId });
    if (packet.kind === 'ticker') ticks.push({ key, lastPrice: packet.lastPrice });
    else closes.push({ key, close: packet.close });
  }
  return [
    ...(closes.length > 0 ? [{ kind: 'closes' as const, closes }] : []),
    ...(ticks.length > 0 ? [{ kind: 'ticks' as const, ticks }] : []),
    ...refusals,
  ];
}

export function dhanMarketFeed(url: string): PushProtocol {
  return {
    target({ account, token }): PushTarget {
      // A Dhan session always carries the client id Dhan returned at login; without it the feed cannot open.
      if (!account.clientId)
        throw new BrokerCallError('token_expired', 'Dhan: no client id in the session', false);
      const target = new URL(url);
      target.searchParams.set('version', '2');
      target.searchParams.set('token', token);
      target.searchParams.set('clientId', account.clientId);
      target.searchParams.set('authType', '2');
      return { url: target.toString() };
    },
    read: readDhanFeed,
    keyOf,
    subscribe: (contracts) => requests(DHAN_FEED_REQUEST.subscribeTicker, contracts),
    unsubscribe: (contracts) => requests(DHAN_FEED_REQUEST.unsubscribeTicker, contracts),
  };
}
