import { ltpMessageSchema } from '@xtrader/core/api/live';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../modules/market/contract';
import { ltpFrame, quoteFragment, quotePrefix } from './frames';
import { instrumentData } from './instrument-data';

const base: Quote = {
  symbol: 'NIFTY26NOV26000CE',
  lastPrice: 100,
  netChange: 2.5,
  open: 98,
  high: 101,
  low: 97,
  close: 97.5,
  ts: 1_000,
};
const depth = {
  buy: [
    { price: 99.95, quantity: 650, orders: 3 },
    { price: 99.9, quantity: 1300 },
  ],
  sell: [{ price: 100.05, quantity: 325 }],
};
const withBook: Quote = { ...base, bid: 99.95, ask: 100.05, depth };

describe('ltp frames', () => {
  it('carry the best bid and ask as two numbers when the quote has a book, and never the book', () => {
    const fragment = quoteFragment(quotePrefix(base.symbol), withBook);
    expect(fragment).toBe(
      '{"symbol":"NIFTY26NOV26000CE","LastPrice":100,"NetChange":2.5,"OHLC":{"close":97.5},"Bid":99.95,"Ask":100.05,"ts":1000}',
    );
    expect(ltpMessageSchema.parse(JSON.parse(ltpFrame([fragment]))).data[0]).toMatchObject({
      Bid: 99.95,
      Ask: 100.05,
    });
  });

  it('stay as they were for a quote without a book, and send null for an empty side', () => {
    expect(quoteFragment(quotePrefix(base.symbol), base)).toBe(
      '{"symbol":"NIFTY26NOV26000CE","LastPrice":100,"NetChange":2.5,"OHLC":{"close":97.5},"ts":1000}',
    );
    const noBids = quoteFragment(quotePrefix(base.symbol), {
      ...withBook,
      bid: undefined,
      depth: { ...depth, buy: [] },
    });
    expect(JSON.parse(noBids)).toMatchObject({ Bid: null, Ask: 100.05 });
  });
});

describe('instrument_data', () => {
  it('carries bid, ask and the five-level book, or nulls without one', () => {
    expect(instrumentData(withBook, undefined, 'simulated')).toMatchObject({
      Bid: 99.95,
      Ask: 100.05,
      depth,
    });
    expect(instrumentData(base, undefined, 'simulated')).toMatchObject({ Bid: null, Ask: null, depth: null });
  });
});
