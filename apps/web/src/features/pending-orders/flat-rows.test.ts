import { describe, expect, it } from 'vitest';
import { groupOrders } from '../../lib/order-view';
import { orderFixture } from '../../test/trading-fixtures';
import { visibleWindow } from '../../ui/windowing';
import { flattenGroups } from './flat-rows';

describe('flattenGroups', () => {
  it('lists single orders as rows and groups as one row, their orders after it while expanded', () => {
    const groups = groupOrders([
      orderFixture({ orderId: 'a' }),
      orderFixture({ orderId: 'b' }),
      orderFixture({ orderId: 't', orderType: 'limit' }),
    ]);
    expect(flattenGroups(groups, new Set()).map((r) => r.kind)).toEqual(['group', 'order']);
    const open = flattenGroups(groups, new Set([groups[0]!.key]));
    expect(
      open.map((r) => (r.kind === 'order' ? `${r.order.orderId}${r.nested ? '*' : ''}` : 'group')),
    ).toEqual(['group', 'b*', 'a*', 't']);
  });
});

describe('visibleWindow', () => {
  it('renders everything while the scroller has no size', () => {
    expect(visibleWindow(300, 0, 0, 33, 10)).toEqual({ start: 0, end: 300 });
  });

  it('renders the rows in view plus the overscan', () => {
    expect(visibleWindow(300, 3300, 330, 33, 10)).toEqual({ start: 90, end: 120 });
    expect(visibleWindow(300, 0, 330, 33, 10)).toEqual({ start: 0, end: 20 });
    expect(visibleWindow(25, 0, 3300, 33, 10)).toEqual({ start: 0, end: 25 });
  });
});
