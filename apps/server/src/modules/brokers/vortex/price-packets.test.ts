import { describe, expect, it } from 'vitest';
import type { BrokerContract } from '../live-kit/instrument-master';
import { decodeVortexPrices } from './price-packets';
import { vortexPriceSocket } from './price-socket';

// Rupeezy's price frames built by hand, byte by byte, as its docs lay them out (little-endian): a uint16 packet
// count, then each packet behind its uint16 length; a packet is exchange (10 bytes ASCII) + token int32 + last price
// float64, followed in the longer modes by more fields (ohlcv 62 bytes, full 266).

function packet(length: number, exchange: string, token: number, price: number): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.write(exchange, 0, 'ascii');
  bytes.writeInt32LE(token, 10);
  bytes.writeDoubleLE(price, 14);
  return bytes;
}

function frame(packets: Buffer[], count = packets.length): Buffer {
  const head = Buffer.alloc(2);
  head.writeUInt16LE(count);
  return Buffer.concat([
    head,
    ...packets.flatMap((each) => {
      const length = Buffer.alloc(2);
      length.writeUInt16LE(each.length);
      return [length, each];
    }),
  ]);
}

describe('decodeVortexPrices', () => {
  it('reads an ltp packet: exchange without its padding, token, price', () => {
    expect(decodeVortexPrices(frame([packet(22, 'NSE_FO', 43_919, 123.45)]))).toEqual([
      { exchange: 'NSE_FO', token: 43_919, lastPrice: 123.45 },
    ]);
  });

  it('reads several packets of different modes in one frame, by their lengths', () => {
    const ohlcv = packet(62, 'BSE_FO', 861_234, 456.5);
    ohlcv.writeDoubleLE(999, 50); // the close: not a last price
    const full = packet(266, 'NSE_FO', 7, 0.05);
    expect(decodeVortexPrices(frame([packet(22, 'NSE_FO', 1, 10.5), ohlcv, full]))).toEqual([
      { exchange: 'NSE_FO', token: 1, lastPrice: 10.5 },
      { exchange: 'BSE_FO', token: 861_234, lastPrice: 456.5 },
      { exchange: 'NSE_FO', token: 7, lastPrice: 0.05 },
    ]);
  });

  it('reads nothing from frames shorter than the header, and never throws on short or damaged frames', () => {
    expect(decodeVortexPrices(Buffer.alloc(0))).toEqual([]);
    expect(decodeVortexPrices(Buffer.from([1]))).toEqual([]);
    // Says two packets, carries one: the one is read.
    expect(decodeVortexPrices(frame([packet(22, 'NSE_FO', 5, 1.5)], 2))).toEqual([
      { exchange: 'NSE_FO', token: 5, lastPrice: 1.5 },
    ]);
    // A packet cut short of its declared length ends the reading.
    const cut = frame([packet(22, 'NSE_FO', 5, 1.5), packet(22, 'NSE_FO', 6, 2.5)]);
    expect(decodeVortexPrices(cut.subarray(0, cut.length - 3))).toEqual([
      { exchange: 'NSE_FO', token: 5, lastPrice: 1.5 },
    ]);
    // A length prefix cut in half.
    expect(decodeVortexPrices(Buffer.from([1, 0, 22]))).toEqual([]);
    for (let size = 0; size < 60; size += 1) {
      const noise = Buffer.alloc(size, 0xff);
      expect(() => decodeVortexPrices(noise)).not.toThrow();
    }
  });

  it('skips packets of a length no mode has, or with no readable exchange or price, and reads on', () => {
    const garbled = packet(22, '', 9, 5);
    garbled.fill(0xfe, 0, 10);
    const notANumber = packet(22, 'NSE_FO', 8, Number.NaN);
    const good = packet(22, 'NSE_FO', 3, 77.25);
    expect(decodeVortexPrices(frame([packet(30, 'NSE_FO', 2, 5), garbled, notANumber, good]))).toEqual([
      { exchange: 'NSE_FO', token: 3, lastPrice: 77.25 },
    ]);
  });
});

const contract = (instrumentId: string): BrokerContract =>
  ({ instrumentId, exchange: instrumentId.split('|')[0] }) as BrokerContract;

describe('vortexPriceSocket', () => {
  const protocol = vortexPriceSocket('http://127.0.0.1:9');

  it("connects to the wire with the user's access token in the URL and no hello", async () => {
    const target = await protocol.target?.({ account: {} as never, token: 'a b&c' });
    expect(target?.url).toBe('ws://127.0.0.1:9/ws?auth_token=a+b%26c');
    expect(protocol.hello).toBeUndefined();
    expect(vortexPriceSocket(undefined).target?.({ account: {} as never, token: 't' })).toEqual({
      url: 'wss://wire.rupeezy.in/ws?auth_token=t',
    });
  });

  it('subscribes and unsubscribes each contract by its own ltp-mode text message', () => {
    expect(protocol.subscribe([contract('NSE_FO|43919'), contract('BSE_FO|861234')])).toEqual([
      '{"exchange":"NSE_FO","token":43919,"mode":"ltp","message_type":"subscribe"}',
      '{"exchange":"BSE_FO","token":861234,"mode":"ltp","message_type":"subscribe"}',
    ]);
    expect(protocol.unsubscribe([contract('NSE_FO|43919')])).toEqual([
      '{"exchange":"NSE_FO","token":43919,"mode":"ltp","message_type":"unsubscribe"}',
    ]);
  });

  it('turns a binary frame into ticks keyed as the contract is, and ignores text (order updates)', () => {
    expect(protocol.keyOf(contract('NSE_FO|43919'))).toBe('NSE_FO|43919');
    expect(protocol.read(frame([packet(22, 'NSE_FO', 43_919, 101.5)]))).toEqual({
      kind: 'ticks',
      ticks: [{ key: 'NSE_FO|43919', lastPrice: 101.5 }],
    });
    expect(protocol.read('{"type":"order","data":{}}')).toBeUndefined();
    expect(protocol.read(Buffer.from([0, 0]))).toBeUndefined();
  });
});
