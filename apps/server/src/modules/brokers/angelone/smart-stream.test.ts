import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BrokerCallError } from '../live-kit/errors';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { UserCredentials } from '../live-kit/price-feed';
import { guardSecrets } from '../vault/secrets';
import { angelSmartStream } from './smart-stream';
import { LTP_PACKET_BYTES, readSmartStreamPacket } from './smart-stream-packet';

// SmartStream's byte layout read from hand-built packets (offsets as Angel One documents them), the requests and
// handshake headers the protocol sends, and hostile frames that must read as nothing without throwing.

/** A packet built byte by byte: mode, exchange type, token, sequence, exchange time, LTP (paise), then zeros. */
function packet(options: {
  mode?: number;
  exchangeType?: number;
  token?: string;
  paise?: bigint;
  size?: number;
}) {
  const bytes = Buffer.alloc(options.size ?? 51);
  bytes[0] = options.mode ?? 1;
  bytes[1] = options.exchangeType ?? 2;
  Buffer.from(options.token ?? '43919', 'latin1').copy(bytes, 2);
  if (bytes.length >= 35) bytes.writeBigInt64LE(7n, 27);
  if (bytes.length >= 43) bytes.writeBigInt64LE(1_767_000_000_000n, 35);
  if (bytes.length >= 51) bytes.writeBigInt64LE(options.paise ?? 12_345n, 43);
  return bytes;
}

const contract = (instrumentId: string, exchange = 'NFO'): BrokerContract => ({
  instrumentId,
  tradingSymbol: `NIFTY01DEC2626000CE-${instrumentId}`,
  exchange,
  underlying: 'NIFTY',
  expiry: '2026-12-01',
  strike: 26000,
  optionType: 'CE',
  lotSize: 75,
});

const credentials = (
  secrets: { accessToken?: string; feedToken?: string },
  clientId: string | null = 'A1234567',
) =>
  ({
    account: {
      userId: 'u1',
      broker: 'angelone',
      clientId,
      secrets: guardSecrets(secrets),
      tokenExpiresAt: null,
      status: 'connected',
      updatedAt: 0,
    },
    token: secrets.accessToken ?? '',
  }) as UserCredentials;

describe('SmartStream packets', () => {
  it('reads an LTP packet: exchange type at byte 1, the NUL-ended token at 2, the price in paise at 43', () => {
    expect(readSmartStreamPacket(packet({ exchangeType: 2, token: '43919', paise: 12_345n }))).toEqual({
      exchangeType: 2,
      token: '43919',
      lastPrice: 123.45,
    });
    expect(readSmartStreamPacket(packet({ exchangeType: 4, token: '1151593', paise: 5n }))).toEqual({
      exchangeType: 4,
      token: '1151593',
      lastPrice: 0.05,
    });
  });

  it('reads a token that fills all 25 bytes and the previous close of a Quote packet (bytes 115-122)', () => {
    const full = packet({ token: '1234567890123456789012345' });
    expect(readSmartStreamPacket(full)?.token).toBe('1234567890123456789012345');
    const quote = packet({ mode: 2, size: 123, paise: 10_050n });
    quote.writeBigInt64LE(9_900n, 115);
    expect(readSmartStreamPacket(quote)).toMatchObject({ lastPrice: 100.5, close: 99 });
  });

  it('reads currency derivatives (cde_fo) in units of 1e-7 rupees', () => {
    expect(readSmartStreamPacket(packet({ exchangeType: 13, paise: 835_000_000n }))?.lastPrice).toBe(83.5);
  });

  it('reads short, depth, unknown-exchange, tokenless, unpriced and absurd packets as nothing', () => {
    expect(readSmartStreamPacket(packet({}).subarray(0, LTP_PACKET_BYTES - 1))).toBeUndefined();
    expect(readSmartStreamPacket(Buffer.alloc(0))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ mode: 4 }))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ mode: 0 }))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ exchangeType: 9 }))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ token: '' }))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ token: '\u00ff\u0001' }))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ paise: 0n }))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ paise: -500n }))).toBeUndefined();
    expect(readSmartStreamPacket(packet({ paise: 2n ** 62n }))).toBeUndefined();
    // A Quote-mode packet cut before its close still gives its price, without a close.
    expect(readSmartStreamPacket(packet({ mode: 2, size: 80 }))).toEqual({
      exchangeType: 2,
      token: '43919',
      lastPrice: 123.45,
    });
  });

  it('never throws on random bytes', () => {
    for (let i = 0; i < 2000; i += 1) {
      const bytes = randomBytes(i % 140);
      expect(() => readSmartStreamPacket(bytes)).not.toThrow();
    }
  });
});

describe('the SmartStream protocol', () => {
  const protocol = angelSmartStream({ url: 'wss://stream.test/smart-stream', apiKey: () => 'KEY' });

  it('carries the session in the four documented handshake headers', async () => {
    const target = await protocol.target?.(credentials({ accessToken: 'j.w.t', feedToken: 'feed-1' }));
    expect(target).toEqual({
      url: 'wss://stream.test/smart-stream',
      headers: {
        Authorization: 'Bearer j.w.t',
        'x-api-key': 'KEY',
        'x-client-code': 'A1234567',
        'x-feed-token': 'feed-1',
      },
    });
    expect(protocol.hello).toBeUndefined();
  });

  it('ends a session without a feed token, client code or API key as expired (a new login fixes it)', () => {
    const expired = { code: 'token_expired', message: expect.stringMatching(/Log in with Angel One again/) };
    expect(() => protocol.target?.(credentials({ accessToken: 'j.w.t' }))).toThrow(BrokerCallError);
    expect(() => protocol.target?.(credentials({ accessToken: 'j.w.t' }))).toThrow(
      expect.objectContaining(expired),
    );
    expect(() => protocol.target?.(credentials({ accessToken: 'j.w.t', feedToken: 'f' }, null))).toThrow(
      expect.objectContaining(expired),
    );
    const unconfigured = angelSmartStream({ url: 'wss://x', apiKey: () => undefined });
    expect(() => unconfigured.target?.(credentials({ accessToken: 'j.w.t', feedToken: 'f' }))).toThrow(
      expect.objectContaining(expired),
    );
  });

  it('subscribes and unsubscribes in LTP mode, one token list per exchange type, skipping other segments', () => {
    const frames = protocol.subscribe([
      contract('43919'),
      contract('1151593', 'BFO'),
      contract('43920'),
      contract('9', 'MCX'),
    ]);
    expect(frames).toHaveLength(1);
    expect(JSON.parse(String((frames as string[])[0]))).toEqual({
      correlationID: 'xtraderltp',
      action: 1,
      params: {
        mode: 1,
        tokenList: [
          { exchangeType: 2, tokens: ['43919', '43920'] },
          { exchangeType: 4, tokens: ['1151593'] },
        ],
      },
    });
    const off = protocol.unsubscribe([contract('43919')]) as string[];
    expect(JSON.parse(String(off[0]))).toMatchObject({
      action: 0,
      params: { mode: 1, tokenList: [{ exchangeType: 2, tokens: ['43919'] }] },
    });
    expect(protocol.subscribe([contract('9', 'MCX')])).toEqual([]);
  });

  it("keys a contract's ticks by exchange type and token, as the packets carry them", () => {
    expect(protocol.read(packet({ exchangeType: 2, token: '43919', paise: 8_840n }))).toEqual({
      kind: 'ticks',
      ticks: [{ key: protocol.keyOf(contract('43919')), lastPrice: 88.4 }],
    });
    expect(protocol.keyOf(contract('43919'))).not.toBe(protocol.keyOf(contract('43919', 'BFO')));
  });

  it('reads pong, JSON error answers and garbage text as nothing, and pings in text every 10 s', () => {
    expect(protocol.read('pong')).toBeUndefined();
    expect(protocol.read('{"correlationID":"xtraderltp","errorCode":"E1002"}')).toBeUndefined();
    expect(protocol.read('\u0000not json')).toBeUndefined();
    expect(protocol.read(Buffer.from('pong'))).toBeUndefined();
    expect(protocol.heartbeat).toEqual({ frame: 'ping', everyMs: 10_000 });
  });
});
