import { describe, expect, it } from 'vitest';
import { orderOwner, positionOwner } from '../brokers/paper/exchange-core';
import { isHoldingOwner } from './holding-owners';

describe('isHoldingOwner', () => {
  it("counts the paper exchange's orders and positions, trailing stops and profit protection as holdings", () => {
    const order = { id: 'o1' } as Parameters<typeof orderOwner>[0];
    expect(isHoldingOwner(orderOwner(order))).toBe(true);
    expect(
      isHoldingOwner(
        positionOwner({ userId: 'u1', tradingSymbol: 'NIFTY26D0126000CE', product: 'intraday' }),
      ),
    ).toBe(true);
    expect(isHoldingOwner('trail:o2')).toBe(true);
    expect(isHoldingOwner('profit-protection:u1')).toBe(true);
  });

  it('counts sockets, the header indices and other instances as watchers only', () => {
    for (const owner of ['c1', 'c1:instruments', 'market:indices', 'remote:i2']) {
      expect(isHoldingOwner(owner)).toBe(false);
    }
  });
});
