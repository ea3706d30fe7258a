import { afterEach, describe, expect, it } from 'vitest';
import type { ModifyOrderCommand, PlaceOrderCommand } from '../../brokers/broker';
import type { OrdersHarness } from '../testing/harness';
import { createOrdersHarness } from '../testing/harness';
import { addUser, CALL, orderBody } from '../testing/orders-fixtures';

// Stop-loss orders go to live brokers as stop-limit; the limit sits at the user's trigger/limit difference (the
// SLTriggerPriceDifference setting of the contract's index), not at a buffer the server picks.

describe("stop-loss orders carry the user's trigger/limit difference", () => {
  let h: OrdersHarness;
  afterEach(() => h.close());

  it('on placement and on every trigger move, from the setting of the order index', async () => {
    const asked: string[] = [];
    h = await createOrdersHarness({
      stopLimitOffsetFor: async (userId, index) => {
        asked.push(`${userId}:${index}`);
        return 2.5;
      },
    });
    const user = addUser(h, 'trader');
    h.market.push(CALL.tradingsymbol, 120);
    const body = orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    const placed = h.broker.commands.find((c) => c.type === 'place')?.cmd as PlaceOrderCommand;
    expect(placed).toMatchObject({ orderType: 'stoploss_market', triggerPrice: 100, stopLimitOffset: 2.5 });
    await h.module.service.modify(user, orderId, { triggerPrice: 101 });
    const modified = h.broker.commands.find((c) => c.type === 'modify')?.cmd as ModifyOrderCommand;
    expect(modified).toEqual({ triggerPrice: 101, stopLimitOffset: 2.5 });
    expect(asked).toEqual(['trader:NIFTY', 'trader:NIFTY']);
  });

  it('leaves market and limit orders alone', async () => {
    h = await createOrdersHarness({ stopLimitOffsetFor: async () => 2.5 });
    const user = addUser(h);
    h.market.push(CALL.tradingsymbol, 120);
    await h.module.service.place(user, { body: orderBody(), iceberg: false });
    await h.settle();
    expect(h.broker.commands[0]?.cmd).not.toHaveProperty('stopLimitOffset');
  });
});
