import { describe, expect, it } from 'vitest';
import { defaultTradingSettings } from '../../state/trading-settings-defaults';
import { buildLimitOrder } from './use-place-limit';

const settings = () => {
  const base = defaultTradingSettings();
  return {
    ...base,
    orderConfig: {
      ...base.orderConfig,
      lotSize: 65,
      callInternalToken: 'tok-ce',
      callTradingSymbol: 'NIFTY26N2426000CE',
      marketProtection: { enabled: true, percentage: 5 },
    },
    marketOrderState: { ...base.marketOrderState, quantity: 130 },
  };
};

describe('price-ladder limit orders', () => {
  it('are the market card order as a LIMIT at the ladder price, market protection aside', () => {
    const built = buildLimitOrder(settings(), { optionType: 'CE', side: 'buy', price: 101.25 });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.body).toMatchObject({
      internalToken: 'tok-ce',
      transactionType: 'buy',
      orderType: 'limit',
      triggerPrice: 101.25,
      quantity: 130,
    });
    expect(built.body.metaData).toBeUndefined();
  });

  it('are refused like card orders without a contract', () => {
    const built = buildLimitOrder(settings(), { optionType: 'PE', side: 'sell', price: 50 });
    expect(built).toMatchObject({ ok: false, description: 'Select a PE strike first' });
  });
});
