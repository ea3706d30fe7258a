import { istEpochMs } from '@xtrader/core/market/dates';
import { describe, expect, it } from 'vitest';
import { InstrumentCatalog } from '../instruments/catalog';
import { generateInstruments } from '../instruments/generate';
import { modelPrice, toTradablePrice } from './option-model';
import { QuoteBook } from './quote-book';

const MORNING = istEpochMs('2026-11-23', 9, 20);
const catalog = new InstrumentCatalog();
catalog.replace(generateInstruments({ now: MORNING }));

describe('quote book', () => {
  it('keeps last price, net change and OHLC with the previous close', () => {
    const book = new QuoteBook();
    book.apply('NIFTY 50', 26_010, MORNING, 26_000);
    book.apply('NIFTY 50', 26_050.5, MORNING + 1000);
    const quote = book.apply('NIFTY 50', 25_990.25, MORNING + 2000);
    expect(quote).toEqual({
      symbol: 'NIFTY 50',
      lastPrice: 25_990.25,
      netChange: -9.75,
      open: 26_010,
      high: 26_050.5,
      low: 25_990.25,
      close: 26_000,
      ts: MORNING + 2000,
    });
    expect(book.get('NIFTY 50')).toBe(quote);
  });

  it('takes bid, ask and depth from the tick, and drops them with a tick that has none', () => {
    const book = new QuoteBook();
    const depth = {
      buy: [{ price: 99.95, quantity: 650 }],
      sell: [
        { price: 100.05, quantity: 130 },
        { price: 100.1, quantity: 325 },
      ],
    };
    const quote = book.apply('NIFTY26NOV26000CE', 100, MORNING, 90, depth);
    expect(quote).toMatchObject({ bid: 99.95, ask: 100.05, depth });
    book.apply('NIFTY26NOV26000CE', 100.05, MORNING + 1000);
    expect(quote.bid).toBeUndefined();
    expect(quote.ask).toBeUndefined();
    expect(quote.depth).toBeUndefined();
  });

  it('starts a new session on a new IST day: the last price becomes the close', () => {
    const book = new QuoteBook();
    book.apply('NIFTY 50', 26_010, MORNING, 26_000);
    book.apply('NIFTY 50', 26_100, istEpochMs('2026-11-23', 15, 29));
    const next = book.apply('NIFTY 50', 26_150, istEpochMs('2026-11-25', 9, 15));
    expect(next).toMatchObject({ close: 26_100, open: 26_150, high: 26_150, low: 26_150, netChange: 50 });
  });

  it('gives options the IV and delta implied by their price and the underlying in the same book', () => {
    const book = new QuoteBook(catalog);
    const call = catalog.option('NIFTY', '2026-12-29', 'CE', 26_000)!;
    const put = catalog.option('NIFTY', '2026-12-29', 'PE', 26_000)!;
    book.apply('NIFTY 50', 26_000, MORNING);
    const model = modelPrice(call, 26_000, 0.13, MORNING);
    const quote = book.apply(call.tradingsymbol, toTradablePrice(model.value), MORNING);
    expect(quote.iv).toBeCloseTo(model.vol!, 3);
    expect(quote.delta).toBeCloseTo(model.delta!, 3);
    expect(quote.delta).toBeGreaterThan(0);
    expect(quote.delta).toBeLessThan(1);
    const putQuote = book.apply(
      put.tradingsymbol,
      toTradablePrice(modelPrice(put, 26_000, 0.13, MORNING).value),
      MORNING,
    );
    expect(putQuote.delta).toBeLessThan(0);
    // No underlying quote yet in another book: no greeks rather than wrong ones.
    const lonely = new QuoteBook(catalog).apply(call.tradingsymbol, 300, MORNING);
    expect(lonely.iv).toBeUndefined();
    expect(lonely.delta).toBeUndefined();
  });
});
