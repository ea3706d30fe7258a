import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import type { PriceHold } from '../market/contract';
import { singleSource } from '../market/sourced-prices';
import { createRiskHarness, type RiskHarness } from './testing/risk-harness';

const CE = 'NIFTY25D0926000CE';

// Profit protection never fires or trails on a price the market module holds (stale in the user's source): it
// pauses, tells the trader once, and acts again on the next trusted price.
describeEachStore('profit protection on held prices', (store) => {
  let h: RiskHarness;
  let user: Awaited<ReturnType<RiskHarness['user']>>;
  let hold: PriceHold | null;

  beforeEach(async () => {
    hold = null;
    h = await createRiskHarness({
      store,
      prices: (market) => ({ ...singleSource(market), holdOf: () => hold }),
    });
    user = await h.user();
    h.exchange.setPosition(user.id, { tradingSymbol: CE, quantity: 75, price: 100 });
    await h.tick({ [CE]: 100 });
  });
  afterEach(() => h.close());

  it('does not square off on a stale price, says so once, and fires on the next fresh one', async () => {
    const saved = await h.put(user.token, { targetProfit: 5000 });
    expect(saved.statusCode, saved.body).toBe(200);
    await h.idle();

    hold = { reason: 'stale', message: 'Paused: prices are stale (last tick 12 s ago)' };
    await h.tick({ [CE]: 170 });
    await h.tick({ [CE]: 171 });
    expect(h.exchange.placeCalls).toHaveLength(0);
    const paused = h.notifications.filter((n) => n.notification.notificationType === 'automation_paused');
    expect(paused).toHaveLength(1);
    expect(paused[0]?.notification.statusMessage).toBe(
      `Profit protection paused: prices are stale (last tick 12 s ago) (${CE})`,
    );

    hold = null;
    await h.tick({ [CE]: 170 });
    expect(h.exchange.placeCalls).toHaveLength(1);
  });
});
