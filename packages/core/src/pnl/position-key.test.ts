import { describe, expect, it } from 'vitest';
import { positionKey } from './position-key';

describe('positionKey', () => {
  it('is symbol|product, the format kill-switch rounds are stored with', () => {
    expect(positionKey({ tradingSymbol: 'NIFTY25JAN24000CE', product: 'normal' })).toBe(
      'NIFTY25JAN24000CE|normal',
    );
  });

  it('gives the same key for either spelling of the product, and different keys per product', () => {
    const symbol = 'BANKNIFTY25JAN50000PE';
    expect(positionKey({ tradingSymbol: symbol, product: 'MIS' })).toBe(
      positionKey({ tradingSymbol: symbol, product: 'intraday' }),
    );
    expect(positionKey({ tradingSymbol: symbol, product: 'NRML' })).not.toBe(
      positionKey({ tradingSymbol: symbol, product: 'MIS' }),
    );
  });
});
