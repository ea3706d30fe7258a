import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../../bus/bus';
import type { PriceHold } from '../../market/contract';
import { singleSource } from '../../market/sourced-prices';
import type { OrdersHarness } from '../testing/harness';
import { CALL, harnessWithTrader, orderBody, orderOf } from '../testing/orders-fixtures';

// Local trailing never acts on a price the market module holds (stale in the order's source): it pauses, tells
// the trader once, and resumes on the next price it may act on.

describe('local trailing on held prices', () => {
  let h: OrdersHarness;
  let user: string;
  let hold: PriceHold | null;

  beforeEach(async () => {
    hold = null;
    ({ h, user } = await harnessWithTrader({
      prices: (market) => ({ ...singleSource(market), holdOf: () => hold }),
    }));
  });
  afterEach(() => h.close());

  const tick = async (price: number) => {
    h.market.push(CALL.tradingsymbol, price);
    await h.settle();
  };
  const pauseNotices = () =>
    h.published.flatMap((p) => {
      if (p.topic !== 'notification') return [];
      const { notification } = p.message as BusEvents['notification'];
      return notification.notificationType === 'automation_paused' ? [notification] : [];
    });

  it('does not move the trigger while prices are stale, says so once, and resumes after', async () => {
    const body = orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    await h.module.service.startTrailing(user, orderId, {
      brokerTrailing: false,
      changeInPrice: 2,
      changeInSL: 1,
    });
    await tick(121);
    await tick(122);
    expect((await orderOf(h, user, orderId)).state.triggerPrice).toBe(101);

    hold = { reason: 'stale', message: 'Paused: prices are stale (last tick 12 s ago)' };
    await tick(130);
    await tick(140);
    expect((await orderOf(h, user, orderId)).state.triggerPrice).toBe(101);
    expect(pauseNotices()).toHaveLength(1);
    expect(pauseNotices()[0]?.statusMessage).toContain('prices are stale (last tick 12 s ago)');

    hold = null;
    await tick(126);
    expect((await orderOf(h, user, orderId)).state.triggerPrice).toBe(103);
    expect(pauseNotices()).toHaveLength(1);
  });
});
