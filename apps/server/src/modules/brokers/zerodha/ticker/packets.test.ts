import { describe, expect, it } from 'vitest';
import { encodeFrame, encodePacket } from '../../../../../test/fakes/kite';
import { parseFrame, parsePacket, priceDivisor } from './packets';

/** Bytes written by hand from the documented layout, independent of the fake's encoder. */
function handMadeFrame(): Uint8Array {
  const ltp = [0x00, 0xb8, 0x3c, 0x02, 0x00, 0x00, 0x27, 0x8a]; // token 12073986, 101.22 -> 10122 paise
  const frame = [0x00, 0x01, 0x00, 0x08, ...ltp];
  return Uint8Array.from(frame);
}

describe('KiteTicker binary frames', () => {
  it('reads an LTP packet written byte by byte from the documentation', () => {
    expect(parseFrame(handMadeFrame())).toEqual([
      { token: 12073986, mode: 'ltp', tradable: true, lastPrice: 101.22 },
    ]);
  });

  it('ignores the 1-byte heartbeat and survives truncated frames', () => {
    expect(parseFrame(Uint8Array.from([0]))).toEqual([]);
    const full = handMadeFrame();
    expect(parseFrame(full.slice(0, full.length - 3))).toEqual([]);
  });

  it('reads a quote (44 bytes) of a tradable instrument', () => {
    const quote = {
      token: 12073986,
      lastPrice: 101.35,
      lastQuantity: 65,
      averagePrice: 99.9,
      volume: 123_450,
      buyQuantity: 3000,
      sellQuantity: 2500,
      open: 95,
      high: 110.5,
      low: 90.05,
      close: 97.3,
    };
    const [tick] = parseFrame(encodeFrame([encodePacket(quote, 'quote')]));
    expect(tick).toEqual({ ...quote, mode: 'quote', tradable: true });
  });

  it('reads a full packet (184 bytes) with times, open interest and five levels each side', () => {
    const [tick] = parseFrame(
      encodeFrame([
        encodePacket(
          { token: 12073986, lastPrice: 100, close: 98, oi: 5000, exchangeTime: 1795000000 },
          'full',
        ),
      ]),
    );
    expect(tick?.mode).toBe('full');
    expect(tick?.oi).toBe(5000);
    expect(tick?.exchangeTime).toBe(1_795_000_000_000);
    expect(tick?.depth?.buy).toHaveLength(5);
    expect(tick?.depth?.sell).toHaveLength(5);
    expect(tick?.depth?.buy[0]).toEqual({ quantity: 100, price: 99.95, orders: 1 });
    expect(tick?.depth?.sell[0]).toEqual({ quantity: 600, price: 100.05, orders: 6 });
  });

  it('reads index quote (28) and full (32) packets with their own field order', () => {
    const index = { token: 256265, lastPrice: 26010.5, high: 26100, low: 25900, open: 25950, close: 26000 };
    const [quote] = parseFrame(encodeFrame([encodePacket(index, 'quote')]));
    expect(quote).toEqual({ ...index, mode: 'quote', tradable: false, change: 10.5 });
    const [full] = parseFrame(encodeFrame([encodePacket({ ...index, exchangeTime: 1795000000 }, 'full')]));
    expect(full).toMatchObject({ mode: 'full', exchangeTime: 1_795_000_000_000, tradable: false });
  });

  it('reads several packets of mixed modes in one frame', () => {
    const ticks = parseFrame(
      encodeFrame([
        encodePacket({ token: 256265, lastPrice: 26000 }, 'ltp'),
        encodePacket({ token: 12073986, lastPrice: 100 }, 'quote'),
      ]),
    );
    expect(ticks.map((t) => [t.token, t.mode, t.tradable])).toEqual([
      [256265, 'ltp', false],
      [12073986, 'quote', true],
    ]);
  });

  it('skips packets of undocumented length and scales currency segments', () => {
    expect(parsePacket(new DataView(new ArrayBuffer(12)))).toBeUndefined();
    expect(priceDivisor(3 + 256)).toBe(10_000_000);
    expect(priceDivisor(6 + 256)).toBe(10_000);
    expect(priceDivisor(2 + 256)).toBe(100);
  });
});
