import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrokerContract } from '../live-kit/instrument-master';
import { alicePriceSocket, aliceSocketToken } from './price-socket';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CALL: BrokerContract = {
  instrumentId: '40001',
  tradingSymbol: 'NIFTY01DEC26C26000',
  exchange: 'NFO',
  underlying: 'NIFTY',
  expiry: '2026-12-01',
  strike: 26000,
  optionType: 'CE',
  lotSize: 75,
};

describe("AliceBlue's price socket", () => {
  const socket = alicePriceSocket('wss://ws1.aliceblueonline.com/NorenWS/');

  it('logs in as <userId>_API with the session hashed twice, never the session itself', () => {
    const hello = JSON.parse(
      socket.hello({ account: { clientId: 'AB1234' } as never, token: 'user-session-xyz' }),
    ) as Record<string, string>;
    expect(hello).toEqual({
      t: 'c',
      uid: 'AB1234_API',
      actid: 'AB1234_API',
      source: 'API',
      susertoken: sha256(sha256('user-session-xyz')),
    });
    expect(aliceSocketToken('user-session-xyz')).not.toContain('user-session-xyz');
  });

  it('subscribes NFO|token keys, reads snapshots and changes, and keeps the line alive every 50 s', () => {
    expect(JSON.parse(socket.subscribe([CALL]))).toEqual({ t: 't', k: 'NFO|40001' });
    expect(
      socket.read(JSON.stringify({ t: 'tk', e: 'NFO', tk: '40001', lp: '141.35', c: '120.10' })),
    ).toEqual({
      kind: 'ticks',
      ticks: [{ key: 'NFO|40001', lastPrice: 141.35, close: 120.1 }],
    });
    expect(socket.read(JSON.stringify({ t: 'tf', e: 'NFO', tk: '40001', v: '100' }))).toBeUndefined();
    expect(socket.read(JSON.stringify({ t: 'ck', s: 'NOT_OK', emsg: 'Invalid Session Key' }))).toEqual({
      kind: 'refused',
      reason: 'Invalid Session Key',
    });
    expect(socket.heartbeat).toEqual({ frame: JSON.stringify({ t: 'h', k: '' }), everyMs: 50_000 });
  });
});
