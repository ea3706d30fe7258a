import { describe, expect, it } from 'vitest';
import { orderFixture } from '../test/trading-fixtures';
import { shareByKey } from './keyed-sharing';

const key = (o: { orderId: string }) => o.orderId;

describe('shareByKey', () => {
  it('keeps unchanged items when a new one is inserted in front', () => {
    const a = orderFixture({ orderId: 'a' });
    const b = orderFixture({ orderId: 'b' });
    const fresh = [orderFixture({ orderId: 'new' }), { ...a }, { ...b }];
    const shared = shareByKey([a, b], fresh, key);
    expect(shared[1]).toBe(a);
    expect(shared[2]).toBe(b);
    expect(shared[0]).toBe(fresh[0]);
  });

  it('replaces an item whose fields changed, and returns the old list when nothing did', () => {
    const a = orderFixture({ orderId: 'a', price: 90 });
    const moved = { ...a, price: 95 };
    const [changed] = shareByKey([a], [moved], key);
    expect(changed).not.toBe(a);
    expect(changed).toEqual(moved);
    const list = [a];
    expect(shareByKey(list, [{ ...a }], key)).toBe(list);
  });
});
