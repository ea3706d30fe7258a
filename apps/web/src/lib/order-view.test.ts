import { describe, expect, it } from 'vitest';
import { orderFixture } from '../test/trading-fixtures';
import { canTrail, groupOrders, orderIdGroups, orderLabel } from './order-view';

const order = orderFixture;

describe('order labels', () => {
  it.each([
    ['single', 'stoploss', 'STOP LOSS'],
    ['single', 'limit', 'TARGET'],
    ['single', 'market', 'MARKET'],
    ['oco', 'market', 'BRACKET'],
    ['oco-exit', 'limit', 'BRACKET-TGT'],
    ['oco-exit', 'stoploss', 'BRACKET-SL'],
    ['cover', 'market', 'COVER'],
    ['cover-exit', 'stoploss', 'COVER-SL'],
    ['follow-up', 'market', 'FOLLOW-UP'],
  ] as const)('%s %s -> %s', (orderCategory, orderType, label) => {
    expect(orderLabel({ orderCategory, orderType })).toBe(label);
  });

  it('offers trailing only on single stop-loss orders', () => {
    expect(canTrail({ orderCategory: 'single', orderType: 'stoploss' })).toBe(true);
    expect(canTrail({ orderCategory: 'oco-exit', orderType: 'stoploss' })).toBe(false);
    expect(canTrail({ orderCategory: 'single', orderType: 'limit' })).toBe(false);
    expect(canTrail({ orderCategory: 'single', orderType: 'stoploss', disasterStopOf: 'XT1' })).toBe(false);
  });
});

describe('groupOrders', () => {
  it('groups by category and side, sorted STOP LOSS, TARGET, BRACKET-TGT, BRACKET-SL, COVER-SL, BRACKET', () => {
    const orders = [
      order({ orderCategory: 'oco', orderType: 'limit', transactionType: 'buy' }),
      order({ orderCategory: 'cover-exit', orderType: 'stoploss' }),
      order({ orderCategory: 'oco-exit', orderType: 'stoploss' }),
      order({ orderCategory: 'oco-exit', orderType: 'limit' }),
      order({ orderType: 'limit' }),
      order({ orderType: 'stoploss' }),
      order({ orderType: 'stoploss', transactionType: 'buy' }),
      order({ orderType: 'stoploss' }),
    ];
    const groups = groupOrders(orders);
    expect(groups.map((g) => g.key.split('|')[1])).toEqual([
      'STOP LOSS#buy',
      'STOP LOSS#sell',
      'TARGET#sell',
      'BRACKET-TGT#sell',
      'BRACKET-SL#sell',
      'COVER-SL#sell',
      'BRACKET#buy',
    ]);
    const stopLossSells = groups[1]!.orders;
    expect(stopLossSells).toHaveLength(2);
    expect(stopLossSells[0]!.time > stopLossSells[1]!.time).toBe(true);
  });

  it('keeps a disaster stop apart from the Local stop it backs (one position, not twice its quantity)', () => {
    const local = order({ orderType: 'stoploss', quantity: 65, isInternal: true });
    const disaster = order({ orderType: 'stoploss', quantity: 65, disasterStopOf: local.orderId });
    const groups = groupOrders([disaster, local]);
    expect(groups.map((g) => g.key.split('|')[1])).toEqual(['STOP LOSS#sell', 'DISASTER-SL#sell']);
    expect(groups.map((g) => g.orders.map((o) => o.quantity))).toEqual([[65], [65]]);
    expect(orderLabel(disaster)).toBe('DISASTER-SL');
  });

  it('keeps instruments apart', () => {
    const groups = groupOrders([order({}), order({ tradingSymbol: 'NIFTY26N2426000PE' })]);
    expect(groups).toHaveLength(2);
  });
});

describe('orderIdGroups', () => {
  it('splits broker and internal ids, and target and stop-loss legs', () => {
    const a = order({ orderType: 'stoploss' });
    const b = order({ orderType: 'limit', isInternal: true, orderCategory: 'oco-exit' });
    expect(orderIdGroups([a, b])).toEqual({
      orderIds: [a.orderId],
      internalOrderIds: [b.orderId],
      targetOrderIds: [b.orderId],
      stoplossOrderIds: [a.orderId],
    });
  });
});
