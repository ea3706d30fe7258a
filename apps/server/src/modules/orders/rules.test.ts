import { createOrderState, type OrderState } from '@xtrader/core/orders/order-state';
import { applyOrderEvents } from '@xtrader/core/orders/state';
import { trailStep } from '@xtrader/core/orders/trailing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BrokerOrderSnapshot } from '../brokers/broker';
import { createPacer, type PacerTime } from './context/pacer';
import { reconcileEvents, toOrderEvent } from './state/broker-events';

const snapshot = (overrides: Partial<BrokerOrderSnapshot>): BrokerOrderSnapshot => ({
  brokerOrderId: 'B1',
  clientOrderId: 'XT1',
  tradingSymbol: 'NIFTY',
  side: 'buy',
  quantity: 130,
  filledQuantity: 0,
  averagePrice: 0,
  status: 'open',
  orderType: 'limit',
  price: 100,
  product: 'normal',
  updatedTs: 1,
  ...overrides,
});

const pending = (): OrderState =>
  createOrderState({ orderId: 'XT1', quantity: 130, price: 100, createdAt: 0 });

/** Applies the reconciliation events and returns where the order lands. */
const reconcile = (state: OrderState, snap: BrokerOrderSnapshot) => {
  const result = applyOrderEvents(state, reconcileEvents(state, snap, 10));
  if (!result.ok) throw new Error(result.error.message);
  return result.order;
};

describe('reconciliation with a broker snapshot', () => {
  it('books fills missed while down at the price that matches the broker average', () => {
    const partly = applyOrderEvents(pending(), [
      { type: 'accepted', orderId: 'XT1', ts: 1 },
      { type: 'fill', orderId: 'XT1', ts: 2, tradeId: 't1', qty: 65, price: 100 },
    ]);
    if (!partly.ok) throw new Error('setup');
    const order = reconcile(
      partly.order,
      snapshot({ status: 'complete', filledQuantity: 130, averagePrice: 100.5 }),
    );
    expect(order).toMatchObject({ status: 'complete', filledQuantity: 130, averagePrice: 100.5 });
  });

  it.each([
    ['cancelled', { status: 'cancelled' as const }, 'cancelled'],
    ['rejected', { status: 'rejected' as const, rejectedReason: 'No funds' }, 'rejected'],
    ['accepted', { status: 'trigger_pending' as const }, 'trigger_pending'],
    ['modified', { status: 'open' as const, price: 95 }, 'open'],
  ])('a pending order the broker shows %s', (_name, change, status) => {
    expect(reconcile(pending(), snapshot(change)).status).toBe(status);
  });

  it('settles a cancel or modify left in flight by the restart', () => {
    const open = applyOrderEvents(pending(), [{ type: 'accepted', orderId: 'XT1', ts: 1 }]);
    if (!open.ok) throw new Error('setup');
    const cancelling = applyOrderEvents(open.order, [{ type: 'cancel_requested', orderId: 'XT1', ts: 2 }]);
    const modifying = applyOrderEvents(open.order, [{ type: 'modify_requested', orderId: 'XT1', ts: 2 }]);
    if (!cancelling.ok || !modifying.ok) throw new Error('setup');
    expect(reconcile(cancelling.order, snapshot({})).status).toBe('open');
    expect(reconcile(modifying.order, snapshot({})).status).toBe('open');
    expect(reconcile(modifying.order, snapshot({ price: 90 }))).toMatchObject({ status: 'open', price: 90 });
    expect(reconcile(cancelling.order, snapshot({ status: 'cancelled' })).status).toBe('cancelled');
  });

  it('is idempotent: reconciling twice books nothing more', () => {
    const snap = snapshot({ status: 'partially_filled', filledQuantity: 65, averagePrice: 99 });
    const once = reconcile(pending(), snap);
    expect(reconcileEvents(once, snap, 11)).toEqual([]);
  });

  it('maps every broker event to a core event for the same order', () => {
    expect(toOrderEvent({ type: 'accepted', status: 'trigger_pending' }, 'XT1', 5)).toEqual({
      type: 'accepted',
      orderId: 'XT1',
      ts: 5,
      triggerPending: true,
    });
    expect(toOrderEvent({ type: 'fill', tradeId: 't', quantity: 65, price: 1.5 }, 'XT1', 5)).toMatchObject({
      qty: 65,
    });
  });
});

describe('local trailing step', () => {
  it('moves a sell stop-loss up by whole steps and never drifts off the tick grid', () => {
    expect(trailStep('sell', 100, 120, 121.9, 2, 1)).toBeUndefined();
    expect(trailStep('sell', 100, 120, 125.5, 2, 1)).toEqual({ triggerPrice: 102, reference: 124 });
    expect(trailStep('buy', 140, 120, 116.95, 1, 0.5)).toEqual({ triggerPrice: 138.5, reference: 117 });
    expect(trailStep('sell', 100, 120, 110, 2, 1)).toBeUndefined();
  });

  it('property: the trigger only ever moves in the trade’s favour, by whole SL steps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 5, max: 500 }),
        fc.integer({ min: 5, max: 500 }),
        (side, refPaise, ltpPaise, pricePaise, slPaise) => {
          const step = trailStep(side, 50, refPaise / 100, ltpPaise / 100, pricePaise / 100, slPaise / 100);
          if (!step) return;
          const moved = Math.round((step.triggerPrice - 50) * 100);
          expect(side === 'sell' ? moved > 0 : moved < 0).toBe(true);
          expect(Math.round(step.triggerPrice * 100) % 5).toBe(0);
        },
      ),
    );
  });
});

describe('pacer', () => {
  it('lets at most N commands through in any one-second window, in order', async () => {
    let now = 0;
    const sleeps: number[] = [];
    const time: PacerTime = {
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    };
    const pacer = createPacer(time);
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map(() => pacer.acquire('u', 2).then(() => order.push(now))));
    expect(order).toEqual([0, 0, 1000, 1000, 2000]);
    await pacer.acquire('other', 2);
    expect(now).toBe(2000);
  });

  it('lets a command no longer wanted go without a slot, so the ones behind it move up', async () => {
    let now = 0;
    const time: PacerTime = {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    };
    const pacer = createPacer(time);
    let wanted = true;
    const answers = await Promise.all([
      pacer.acquire('u', 1),
      pacer.acquire('u', 1, { wanted: () => wanted }),
      (async () => {
        wanted = false;
        return pacer.acquire('u', 1);
      })(),
    ]);
    expect(answers).toEqual([true, false, true]);
    expect(now).toBe(1000);
  });

  it('lets urgent commands (cancels, modifies) go before placements still waiting, within the limit', async () => {
    let now = 0;
    const time: PacerTime = {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    };
    const pacer = createPacer(time);
    const order: string[] = [];
    const take = (name: string, urgent = false) =>
      pacer.acquire('u', 1, { urgent }).then(() => order.push(`${name}@${now}`));
    await Promise.all([take('place-1'), take('place-2'), take('place-3'), take('cancel', true)]);
    expect(order).toEqual(['place-1@0', 'cancel@1000', 'place-2@2000', 'place-3@3000']);
  });

  it('answers the waiting commands no longer wanted as soon as it is told, not when their turn comes', async () => {
    const sleepers: (() => void)[] = [];
    const time: PacerTime = { now: () => 0, sleep: () => new Promise((wake) => sleepers.push(wake)) };
    const pacer = createPacer(time);
    let withdrawn = false;
    await pacer.acquire('u', 1);
    const waiting = [1, 2, 3].map(() => pacer.acquire('u', 1, { wanted: () => !withdrawn }));
    withdrawn = true;
    pacer.release('u');
    expect(await Promise.all(waiting)).toEqual([false, false, false]);
    expect(sleepers).toHaveLength(1);
  });
});
