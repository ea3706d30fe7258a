import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { ZERODHA_CAPABILITIES } from '../../brokers/zerodha/session';
import type { OrdersHarness } from '../testing/harness';
import { createManualPacerTime, type ManualPacerTime } from '../testing/manual-pacer-time';
import { harnessWithTrader, orderBody } from '../testing/orders-fixtures';

// The orders engine is the one pacer of a user's broker commands, and it keeps every window of the broker's
// limits: Kite's 9 a second and 390 a minute.

/** Waits (real time, for the store's I/O) until `condition` holds or `ms` passed; no pacer time passes. */
async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  return condition();
}

// NIFTY: 20 slices of 1,755 at most in one order.
const MOST = 20 * 1755;

describeEachStore('pacing by the broker windows', (storeKind) => {
  let h: OrdersHarness;
  let user: string;
  let time: ManualPacerTime;
  beforeEach(async () => {
    time = createManualPacerTime();
    ({ h, user } = await harnessWithTrader({
      store: storeKind,
      pacerTime: time,
      broker: { capabilities: ZERODHA_CAPABILITIES },
    }));
  });
  afterEach(async () => {
    for (let i = 0; i < 200 && time.sleeping > 0; i += 1) {
      time.advance(1000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await h.close();
  });

  const places = () => h.broker.commands.filter((c) => c.type === 'place').length;

  it('sends 400 placements of one Kite user at most 9 a second and 390 a minute, one pacing slot each', {
    timeout: 120_000,
  }, async () => {
    const pacer = h.module.context.pacer;
    const acquire = pacer.acquire.bind(pacer);
    let slots = 0;
    pacer.acquire = (...args) => {
      slots += 1;
      return acquire(...args);
    };
    // Twenty resting orders of twenty slices each: 400 placements at once.
    const body = orderBody({ quantity: MOST, orderType: 'limit', triggerPrice: 0.05 });
    const placing = Array.from({ length: 20 }, () => h.module.service.place(user, { body, iceberg: false }));

    /** Placements sent by each second of pacer time (the count when the clock reads it). */
    const sentBy = new Map<number, number>();
    for (let second = 0; second <= 120 && places() < 400; second += 1) {
      if (second > 0) time.advance(1000);
      await until(() => time.sleeping > 0 || places() === 400, 5000);
      // The slots granted at this instant reach the broker before the count is read.
      let seen = -1;
      while (seen !== places()) {
        seen = places();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      sentBy.set(second * 1000, places());
    }
    await Promise.all(placing);

    expect(places()).toBe(400);
    const at = (ms: number) => (ms < 0 ? 0 : (sentBy.get(ms) ?? 400));
    const busiestSecond = Math.max(...[...sentBy.keys()].map((t) => at(t) - at(t - 1000)));
    const busiestMinute = Math.max(...[...sentBy.keys()].map((t) => at(t) - at(t - 60_000)));
    expect(busiestSecond).toBeLessThanOrEqual(9);
    expect(busiestMinute).toBe(390);
    // The last ten wait for the minute window: not before the first minute is over.
    expect(Math.min(...[...sentBy].filter(([, n]) => n === 400).map(([t]) => t))).toBeGreaterThanOrEqual(
      60_000,
    );
    expect(slots).toBe(400);
  });
});
