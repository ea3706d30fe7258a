import { describe, expect, it } from 'vitest';
import { positionFixture } from '../../test/trading-fixtures';
import { tabCounts } from './order-tabs';

describe('order table tab counts', () => {
  it('counts open positions only: a closed (flat) row is no open position', () => {
    const positions = [
      positionFixture({ quantity: 65 }),
      positionFixture({ tradingSymbol: 'NIFTY26N2426000PE', quantity: -130 }),
      positionFixture({ tradingSymbol: 'NIFTY26N2426100CE', quantity: 0 }),
    ];
    expect(tabCounts(positions, undefined).positions).toBe(2);
  });
});
