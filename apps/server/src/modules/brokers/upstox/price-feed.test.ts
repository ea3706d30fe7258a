import { describe, expect, it } from 'vitest';
import { masterRowOf } from '../../../../test/fakes/upstox';
import { optionRecord } from '../../../../test/helpers/fake-instruments';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { PushMessage } from '../live-kit/push-price-feed';
import { contractOfRow } from './instruments';
import { readUpstoxFeedFrame, upstoxMarketFeed } from './price-feed';

// Upstox's feed frames built by hand, byte by byte, from the field numbers of Upstox's MarketDataFeedV3.proto
// (FeedResponse: type 1, feeds 2, currentTs 3, marketInfo 4; Feed: ltpc 1, fullFeed 2, requestMode 4; LTPC: ltp 1,
// ltt 2, ltq 3, cp 4), so a wrong number in our embedded schema fails here rather than reading wrong prices.

const varint = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
};
const key = (field: number, wire: number) => varint(field * 8 + wire);
const int = (field: number, value: number) => [...key(field, 0), ...varint(value)];
const double = (field: number, value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(value);
  return [...key(field, 1), ...bytes];
};
const nested = (field: number, body: number[]) => [...key(field, 2), ...varint(body.length), ...body];
const text = (field: number, value: string) => nested(field, [...Buffer.from(value)]);

const ltpc = (ltp: number, cp: number) => [
  ...double(1, ltp),
  ...int(2, 1_766_300_000_000),
  ...int(3, 75),
  ...double(4, cp),
];
/** A feeds map entry: key (1) -> Feed (2) holding an LTPC (1) in ltpc request mode (4 = 0, left out as proto3 does). */
const ltpcEntry = (instrumentKey: string, ltp: number, cp: number) =>
  nested(2, [...text(1, instrumentKey), ...nested(2, nested(1, ltpc(ltp, cp)))]);
const frame = (type: number, ...parts: number[][]) =>
  Buffer.from([...(type > 0 ? int(1, type) : []), ...parts.flat(), ...int(3, 1_766_300_000_123)]);

const LIVE = 1;
const MARKET_INFO = 2;
const ticksOf = (message: PushMessage | undefined) => (message?.kind === 'ticks' ? message.ticks : []);

describe('Upstox feed frames', () => {
  it('reads a live_feed frame: each instrument key with its last price and previous close', () => {
    const bytes = frame(LIVE, ltpcEntry('NSE_FO|43919', 123.45, 100.5), ltpcEntry('NSE_FO|43920', 7.05, 9));
    expect(readUpstoxFeedFrame(bytes)).toEqual({
      kind: 'ticks',
      ticks: [
        { key: 'NSE_FO|43919', lastPrice: 123.45, close: 100.5 },
        { key: 'NSE_FO|43920', lastPrice: 7.05, close: 9 },
      ],
    });
  });

  it('reads the initial_feed snapshot (type 0, absent on the wire) the same way', () => {
    expect(ticksOf(readUpstoxFeedFrame(frame(0, ltpcEntry('BSE_FO|1158', 51.2, 0))))).toEqual([
      { key: 'BSE_FO|1158', lastPrice: 51.2 },
    ]);
  });

  it('says nothing for a market_info frame, a text frame, or a feed without a price', () => {
    // marketInfo (4): segmentStatus map entry NSE_FO -> NORMAL_OPEN (2).
    const marketInfo = nested(4, nested(1, [...text(1, 'NSE_FO'), ...int(2, 2)]));
    expect(readUpstoxFeedFrame(frame(MARKET_INFO, marketInfo))).toBeUndefined();
    expect(readUpstoxFeedFrame('{"type":"live_feed"}')).toBeUndefined();
    expect(readUpstoxFeedFrame(frame(LIVE, ltpcEntry('NSE_FO|43919', 0, 100)))).toBeUndefined();
    expect(readUpstoxFeedFrame(frame(LIVE))).toBeUndefined();
  });

  it('skips what it does not read: a full feed (Feed field 2) and unknown fields', () => {
    const fullFeed = nested(2, [
      ...text(1, 'NSE_FO|1'),
      ...nested(2, nested(2, nested(1, nested(1, ltpc(5, 4))))),
    ]);
    const bytes = frame(LIVE, fullFeed, ltpcEntry('NSE_FO|2', 12.5, 11), int(9, 77), text(10, 'later field'));
    expect(ticksOf(readUpstoxFeedFrame(bytes))).toEqual([{ key: 'NSE_FO|2', lastPrice: 12.5, close: 11 }]);
  });

  it('a cut-short frame is refused or read only up to what arrived whole, never as wrong prices', () => {
    const whole = frame(LIVE, ltpcEntry('NSE_FO|43919', 123.45, 100.5), ltpcEntry('NSE_FO|43920', 7.05, 9));
    const real = new Map(ticksOf(readUpstoxFeedFrame(whole)).map((tick) => [tick.key, tick.lastPrice]));
    for (let length = 0; length < whole.length; length += 1) {
      let message: PushMessage | undefined;
      try {
        message = readUpstoxFeedFrame(whole.subarray(0, length));
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        continue;
      }
      for (const tick of ticksOf(message)) expect(real.get(tick.key)).toBe(tick.lastPrice);
    }
  });

  it('random bytes either read as a frame or throw an Error (the feed logs and skips it)', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 2000; round += 1) {
      const bytes = Buffer.from(Array.from({ length: next() % 64 }, () => next() % 256));
      try {
        const message = readUpstoxFeedFrame(bytes);
        for (const tick of ticksOf(message)) expect(tick.lastPrice).toBeGreaterThan(0);
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
      }
    }
  });
});

describe('Upstox feed requests', () => {
  /** A contract as the instrument master reads it from Upstox's row. */
  const contract = (token: number) =>
    contractOfRow(masterRowOf(optionRecord('NIFTY', '2026-12-29', 26000, 'CE'), token)) as BrokerContract;
  const protocol = upstoxMarketFeed({ marketDataFeedAuthorize: 'https://api.upstox.com/x' }, undefined);
  const json = (frame: unknown) => {
    expect(Buffer.isBuffer(frame)).toBe(true);
    return JSON.parse(String(frame)) as { guid: string; method: string; data: Record<string, unknown> };
  };

  it('subscribes and unsubscribes in binary frames holding JSON, ltpc mode, by instrument key', () => {
    const contracts = [contract(43919), contract(43920)];
    const sub = json(protocol.subscribe(contracts));
    expect(sub).toMatchObject({
      method: 'sub',
      data: { mode: 'ltpc', instrumentKeys: ['NSE_FO|43919', 'NSE_FO|43920'] },
    });
    const unsub = json(protocol.unsubscribe(contracts.slice(1)));
    expect(unsub).toMatchObject({ method: 'unsub', data: { instrumentKeys: ['NSE_FO|43920'] } });
    expect(unsub.data.mode).toBeUndefined();
    expect(sub.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(unsub.guid).not.toBe(sub.guid);
    expect(protocol.keyOf(contracts[0] as BrokerContract)).toBe('NSE_FO|43919');
  });
});
