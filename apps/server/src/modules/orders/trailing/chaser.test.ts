import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModifyOrderCommand } from '../../brokers/broker';
import type { OrdersHarness } from '../testing/harness';
import { CALL, harnessWithTrader, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

// The exit chaser: the trader's exit as a limit at the best bid, following it up to N times, then marketable.

describe('exit chaser', () => {
  let h: OrdersHarness;
  let user: string;
  /** A quote whose last price sits below the bid, so the fake exchange (matching on the last price) leaves the limit. */
  const quote = async (ltp: number, bid: number) => {
    h.market.push(CALL.tradingsymbol, ltp, ['live', 'practice'], { bid, ask: bid + 0.5 });
    await h.settle();
  };
  const modifies = () =>
    h.broker.commands.filter((c) => c.type === 'modify').map((c) => (c.cmd as ModifyOrderCommand).price);
  const exitOrder = async () =>
    [...(await ordersOf(h, user)).values()].find((order) => order.role === 'exit');

  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader());
    await h.module.service.place(user, { body: orderBody(), iceberg: false });
    await h.settle();
  });
  afterEach(() => h.close());

  it('re-prices to the new best bid up to N times, then goes marketable within the protection and fills', async () => {
    await quote(116, 117);
    await h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 65,
      marketProtection: 0.05,
      chase: { reprices: 2 },
    });
    await h.settle();
    const exit = await exitOrder();
    expect(exit?.state).toMatchObject({ status: 'open', price: 117, quantity: 65 });
    expect(exit?.orderType).toBe('limit');
    await quote(115.5, 117);
    expect(modifies()).toEqual([]);
    await quote(115, 116);
    await quote(114, 115);
    expect(modifies()).toEqual([116, 115]);
    await quote(113, 114);
    // The third change: a limit at the 5% protection under the last price (113 - 5.65), which the market crosses.
    expect(modifies()).toEqual([116, 115, 107.35]);
    await quote(113, 114);
    const done = await orderOf(h, user, exit?.id ?? '');
    expect(done.state).toMatchObject({ status: 'complete', filledQuantity: 65 });
  });

  it('goes on chasing after a restart, from the re-prices it had made', async () => {
    await quote(116, 117);
    await h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 65,
      marketProtection: 0.05,
      chase: { reprices: 1 },
    });
    await h.settle();
    await quote(115, 116);
    expect(modifies()).toEqual([116]);
    await h.restart();
    await quote(114, 115);
    expect(modifies()).toEqual([116, 108.3]);
  });

  it('without a best price the exit goes out as usual', async () => {
    await h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 65,
      marketProtection: 0,
      chase: { reprices: 3 },
    });
    await h.settle();
    expect((await exitOrder())?.state).toMatchObject({ status: 'complete', filledQuantity: 65 });
    expect((await exitOrder())?.orderType).toBe('market');
  });
});
