import { describe, expect, it } from 'vitest';
import { BrokerCallError } from '../live-kit/errors';
import type { BrokerContract } from '../live-kit/instrument-master';
import { readDhanFeedFrame } from './feed-packets';
import { dhanMarketFeed, readDhanFeed } from './market-feed';

// Frames built byte by byte from the layout DhanHQ v2 documents (README.md "Prices"), not by the fake's encoder.

/** A ticker packet (code 2) of NSE_FNO (2) security 40100: LTP 141.25 at 1764616456. */
const TICKER_HEX = '02' + '1000' + '02' + 'a49c0000' + '00400d43' + '08e92d69';
/** A prev-close packet (code 6) of BSE_FNO (8) security 1160: close 120.5, OI 3000. */
const PREV_CLOSE_HEX = '06' + '1000' + '08' + '88040000' + '0000f142' + 'b80b0000';
const disconnect = (reason: number) => {
  const bytes = Buffer.from('32' + '0a00' + '00' + '00000000' + '0000', 'hex');
  bytes.writeUInt16LE(reason, 8);
  return bytes;
};
const hex = (text: string) => Buffer.from(text, 'hex');

const contract = (instrumentId: string, exchange = 'NSE_FNO'): BrokerContract => ({
  instrumentId,
  tradingSymbol: `NIFTY-${instrumentId}`,
  exchange,
  underlying: 'NIFTY',
  expiry: '2026-12-01',
  strike: 26000,
  optionType: 'CE',
  lotSize: 75,
});

describe("Dhan's feed packets", () => {
  it('reads the ticker and prev-close packets at their documented offsets', () => {
    expect(readDhanFeedFrame(hex(TICKER_HEX))).toEqual([
      { kind: 'ticker', segment: 'NSE_FNO', securityId: '40100', lastPrice: 141.25, tradedAt: 1764616456 },
    ]);
    expect(readDhanFeedFrame(hex(PREV_CLOSE_HEX))).toEqual([
      { kind: 'prevClose', segment: 'BSE_FNO', securityId: '1160', close: 120.5 },
    ]);
    expect(readDhanFeedFrame(disconnect(807))).toEqual([{ kind: 'disconnect', reason: 807 }]);
  });

  it('reads several packets of one frame, stepping over packets it does not ask for', () => {
    const oi = hex('05' + '0c00' + '02' + 'a49c0000' + 'e8030000');
    const frame = Buffer.concat([hex(PREV_CLOSE_HEX), oi, hex(TICKER_HEX)]);
    expect(readDhanFeedFrame(frame).map((p) => p.kind)).toEqual(['prevClose', 'ticker']);
    // A length field that counts the payload only: the documented size steps over the packet instead.
    const payloadLength = hex(TICKER_HEX);
    payloadLength.writeUInt16LE(8, 1);
    expect(readDhanFeedFrame(Buffer.concat([payloadLength, hex(PREV_CLOSE_HEX)])).map((p) => p.kind)).toEqual(
      ['ticker', 'prevClose'],
    );
  });

  it('never throws on short, truncated, unknown or malformed frames', () => {
    const hostile = [
      Buffer.alloc(0),
      hex('02'),
      hex('021000'),
      hex(TICKER_HEX).subarray(0, 12),
      hex('63' + 'ffff' + '02' + 'a49c0000'),
      hex('02' + '0000' + '63' + 'a49c0000' + '00400d43' + '08e92d69'),
      hex('02' + '1000' + '02' + 'a49c0000' + '0000c07f' + '00000000'),
      disconnect(805).subarray(0, 9),
      Buffer.from('{"not":"binary"}'),
    ];
    for (const frame of hostile) expect(() => readDhanFeed(frame)).not.toThrow();
    expect(hostile.flatMap((frame) => readDhanFeedFrame(frame))).toEqual([]);
    expect(readDhanFeed('text frame')).toEqual([]);
  });
});

describe("Dhan's market feed protocol", () => {
  const feed = dhanMarketFeed('wss://api-feed.dhan.co');

  it('opens with the session in the documented query and no login message', async () => {
    const target = await feed.target?.({ account: { clientId: '1100000001' } as never, token: 'eyJ.tok' });
    const url = new URL(target?.url ?? '');
    expect(`${url.protocol}//${url.host}`).toBe('wss://api-feed.dhan.co');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      version: '2',
      token: 'eyJ.tok',
      clientId: '1100000001',
      authType: '2',
    });
    expect(feed.hello).toBeUndefined();
    expect(() => feed.target?.({ account: {} as never, token: 'eyJ.tok' })).toThrow(BrokerCallError);
  });

  it('subscribes ticker packets 100 instruments a message and unsubscribes with code 16', () => {
    const contracts = Array.from({ length: 250 }, (_, i) => contract(String(40_000 + i)));
    const frames = (feed.subscribe(contracts) as string[]).map((f) => JSON.parse(f));
    expect(frames.map((f) => [f.RequestCode, f.InstrumentCount, f.InstrumentList.length])).toEqual([
      [15, 100, 100],
      [15, 100, 100],
      [15, 50, 50],
    ]);
    expect(frames[2].InstrumentList[49]).toEqual({ ExchangeSegment: 'NSE_FNO', SecurityId: '40249' });
    expect((feed.unsubscribe([contract('1160', 'BSE_FNO')]) as string[]).map((f) => JSON.parse(f))).toEqual([
      {
        RequestCode: 16,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'BSE_FNO', SecurityId: '1160' }],
      },
    ]);
  });

  it('turns packets into closes, prices and, for an auth reason only, a refused session', () => {
    expect(feed.keyOf(contract('40100'))).toBe('NSE_FNO|40100');
    expect(feed.read(Buffer.concat([hex(TICKER_HEX), hex(PREV_CLOSE_HEX)]))).toEqual([
      { kind: 'closes', closes: [{ key: 'BSE_FNO|1160', close: 120.5 }] },
      { kind: 'ticks', ticks: [{ key: 'NSE_FNO|40100', lastPrice: 141.25 }] },
    ]);
    for (const reason of [807, 808, 809, 810])
      expect(feed.read(disconnect(reason))).toEqual([
        { kind: 'refused', reason: `Dhan feed disconnected: ${reason}` },
      ]);
    // Too many connections, a server error: the line drops and is opened again, the session stands.
    for (const reason of [800, 805]) expect(feed.read(disconnect(reason))).toEqual([]);
  });
});
