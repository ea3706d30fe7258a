import type { PlaceOrderRequest } from '@xtrader/core/api/orders';
import { DEFAULT_DISCIPLINE, type DisciplineSettings } from '@xtrader/core/risk/discipline';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { isDomainError } from '../../../domain-error';
import { silentLogger } from '../../../logger';
import type { BrokerPosition } from '../../brokers/broker';
import { createDiscipline } from './discipline';

const MINUTE = 60_000;
const order = (orderType: 'market' | 'limit' = 'limit') =>
  ({ orderType, exchange: 'NFO', transactionType: 'buy' }) as PlaceOrderRequest;

function setup(rules: Partial<DisciplineSettings>) {
  const clock = createFakeClock();
  let settings: DisciplineSettings = { ...DEFAULT_DISCIPLINE, ...rules };
  let mtm = 0;
  let positions: BrokerPosition[] = [];
  let activity: ((userId: string) => void) | undefined;
  const discipline = createDiscipline({
    settingsOf: async () => settings,
    mtmOf: async () => mtm,
    positions: { positions: async () => positions },
    activity: {
      onOrderActivity: (handler) => {
        activity = handler;
        return () => undefined;
      },
    },
    clock,
    logger: silentLogger(),
  });
  discipline.start();
  const refusal = async (body = order()) => {
    try {
      await discipline.guard('u1', 'PAPERTRADE', body);
      return null;
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return { code: error.code, message: error.message };
    }
  };
  const position = (quantity: number, buyValue: number, sellValue: number) =>
    ({ tradingSymbol: 'NIFTY24000CE', product: 'intraday', quantity, buyValue, sellValue }) as BrokerPosition;
  return {
    clock,
    discipline,
    refusal,
    /** As a save does: the new rules, and the kept copy dropped. */
    setSettings: (patch: Partial<DisciplineSettings>) => {
      settings = { ...settings, ...patch };
      discipline.forgetSettings('u1');
    },
    setMtm: (value: number) => {
      mtm = value;
    },
    setPositions: (...list: BrokerPosition[]) => {
      positions = list;
    },
    position,
    activity: async () => {
      activity?.('u1');
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('discipline rules on the order path', () => {
  it('max trades per day: the order after the limit is refused with a 403 discipline_hold, counted once per order', async () => {
    const t = setup({ maxTradesPerDay: 2 });
    expect(await t.refusal()).toBeNull();
    await t.discipline.placed('u1', 'o1');
    await t.discipline.placed('u1', 'o1'); // an idempotent retry answered with the same order
    expect(await t.refusal()).toBeNull();
    await t.discipline.placed('u1', 'o2');
    expect(await t.refusal()).toEqual({
      code: 'discipline_hold',
      message: 'Max trades per day reached (2 of 2): no new orders until the next session',
    });
    expect((await t.discipline.status('u1')).tradesToday).toBe(2);
    // The next IST day starts afresh.
    t.clock.advance(24 * 60 * MINUTE);
    expect(await t.refusal()).toBeNull();
  });

  it('max loss per day locks trading for the day, and switching the rule off does not undo it', async () => {
    const t = setup({ maxLossPerDay: 2000 });
    t.setMtm(-1999);
    expect(await t.refusal()).toBeNull();
    t.setMtm(-2000);
    await t.activity();
    expect((await t.discipline.status('u1')).locked).toBe(true);
    t.setMtm(500);
    t.setSettings({ maxLossPerDay: null });
    expect((await t.refusal())?.message).toContain('Max loss per day reached');
    t.clock.advance(24 * 60 * MINUTE);
    expect(await t.refusal()).toBeNull();
  });

  it('cool-down: a trade closed at a loss holds new orders for N minutes; a winning one does not', async () => {
    const t = setup({ coolDownMinutes: 10 });
    t.setPositions(t.position(75, 7500, 0));
    await t.activity();
    t.setPositions(t.position(0, 7500, 8000));
    await t.activity();
    expect(await t.refusal()).toBeNull();
    t.setPositions(t.position(75, 15000, 8000));
    await t.activity();
    t.setPositions(t.position(0, 15000, 15200));
    await t.activity();
    expect((await t.refusal())?.message).toBe(
      'Cool-down after a losing trade: new orders allowed again in 10 min',
    );
    t.clock.advance(10 * MINUTE);
    expect(await t.refusal()).toBeNull();
  });

  it('cut-off time and the no-market switch', async () => {
    const t = setup({ noNewPositionsAfter: '09:45', noMarketOrders: true });
    expect(await t.refusal(order('limit'))).toBeNull();
    expect((await t.refusal(order('market')))?.message).toContain('Market orders are switched off');
    t.clock.advance(15 * MINUTE); // 09:45 IST
    expect((await t.refusal(order('limit')))?.message).toBe(
      'No new positions after 09:45 IST: only exits until the next session',
    );
    expect((await t.discipline.status('u1')).holds.map((hold) => hold.rule)).toEqual(['cutOff']);
  });

  it('all rules off: nothing is read beyond the settings and nothing is refused', async () => {
    const t = setup({});
    for (let i = 0; i < 50; i += 1) await t.discipline.placed('u1', `o${i}`);
    t.setMtm(-1e9);
    expect(await t.refusal(order('market'))).toBeNull();
  });
});
