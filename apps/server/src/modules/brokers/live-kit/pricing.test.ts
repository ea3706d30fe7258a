import { describe, expect, it } from 'vitest';
import { stopLimitPrice } from '../live/order-rules';
import { type PricingCommand, pricedByOrderType } from './pricing';

const shapes = {
  market: () => ({ type: 'M' }),
  limit: (price: number | undefined) => ({ type: 'L', price }),
  stopLimit: (trigger: number, price: number) => ({ type: 'SL', trigger, price }),
};
const base: PricingCommand = { orderType: 'market', side: 'sell' };

describe('pricedByOrderType', () => {
  it('writes market and limit orders as the broker shapes them', () => {
    expect(pricedByOrderType(base, shapes)).toEqual({ type: 'M' });
    expect(pricedByOrderType({ ...base, orderType: 'limit', price: 91.5 }, shapes)).toEqual({
      type: 'L',
      price: 91.5,
    });
  });

  it('sends a stop-limit at the trader price and a stop-market as a stop-limit with the protective price', () => {
    expect(
      pricedByOrderType({ ...base, orderType: 'stoploss', triggerPrice: 80, price: 79 }, shapes),
    ).toEqual({ type: 'SL', trigger: 80, price: 79 });
    const protective = stopLimitPrice(80, 'sell', undefined, undefined);
    expect(protective).toBeLessThan(80);
    expect(
      pricedByOrderType({ ...base, orderType: 'stoploss_market', triggerPrice: 80, price: 79 }, shapes),
    ).toEqual({ type: 'SL', trigger: 80, price: protective });
  });
});
