import type { PlaceOrderRequest } from '@xtrader/core/api/orders';
import { DEFAULT_DISCIPLINE, type DisciplineSettings } from '@xtrader/core/risk/discipline';
import { afterEach, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../../../test/helpers/test-store';
import { isDomainError } from '../../../domain-error';
import { silentLogger } from '../../../logger';
import type { Store } from '../../../store/open-store';
import { createStoredDisciplineDays } from './days';
import { createDiscipline } from './discipline';

const DAY = 24 * 60 * 60_000;
const limitOrder = { orderType: 'limit', exchange: 'NFO', transactionType: 'buy' } as PlaceOrderRequest;

// The day record lives in the store: each `process` below is what a restarted server or another instance of the
// cluster builds (nothing shared with the first but the database).
describeEachStore('discipline day records in the store', (kind) => {
  let store: Store;
  afterEach(async () => {
    await store?.close();
  });

  const process = (clock: FakeClock, rules: Partial<DisciplineSettings>, mtm: () => number) =>
    createDiscipline({
      settingsOf: async () => ({ ...DEFAULT_DISCIPLINE, ...rules }),
      mtmOf: async () => mtm(),
      positions: { positions: async () => [] },
      activity: { onOrderActivity: () => () => undefined },
      clock,
      logger: silentLogger(),
      days: createStoredDisciplineDays(store.db, clock.now),
    });
  const refusal = async (discipline: ReturnType<typeof process>, userId = 'u1') => {
    try {
      await discipline.guard(userId, 'PAPERTRADE', limitOrder);
      return null;
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return error.message;
    }
  };

  it('a max-loss lock holds after a restart and on another instance, until the next IST day', async () => {
    store = await createTestStore(kind);
    const clock = createFakeClock();
    let mtm = -2500;
    const first = process(clock, { maxLossPerDay: 2000 }, () => mtm);
    expect(await refusal(first)).toContain('Max loss per day reached');
    // The MTM recovers and the rule is switched off: a fresh process still finds the day locked.
    mtm = 800;
    const restarted = process(clock, {}, () => mtm);
    expect((await restarted.status('u1')).locked).toBe(true);
    expect(await refusal(restarted)).toContain('Max loss per day reached');
    const other = process(clock, { maxLossPerDay: 5000 }, () => mtm);
    expect(await refusal(other)).toContain('Max loss per day reached');
    // Another user is not locked; the next day starts unlocked.
    expect(await refusal(other, 'u2')).toBeNull();
    clock.advance(DAY);
    expect(await refusal(other)).toBeNull();
    expect((await other.status('u1')).locked).toBe(false);
  });

  it('the owner keeps the day it read and counts its own writes; another instance reads the store', async () => {
    store = await createTestStore(kind);
    const clock = createFakeClock();
    const owner = createStoredDisciplineDays(store.db, clock.now);
    const other = createStoredDisciplineDays(store.db, clock.now, () => false);
    await owner.placed('u1', 'o1');
    expect((await owner.today('u1')).trades).toBe(1);
    // A write the owner does not make (none happens while it owns the user): its kept copy does not see it...
    await other.placed('u1', 'o2');
    expect((await owner.today('u1')).trades).toBe(1);
    expect((await other.today('u1')).trades).toBe(2);
    // ...until the user's engine moves away and back: the copy is dropped and read again.
    owner.forget('u1');
    expect((await owner.today('u1')).trades).toBe(2);
    await owner.placed('u1', 'o3');
    await owner.placed('u1', 'o3');
    await owner.lock('u1');
    expect(await owner.today('u1')).toMatchObject({ trades: 3, lockedAt: clock.now() });
    expect(await other.today('u1')).toMatchObject({ trades: 3, lockedAt: clock.now() });
  });

  it('counts each order once across processes and keeps the first lock time', async () => {
    store = await createTestStore(kind);
    const clock = createFakeClock();
    const a = process(clock, { maxTradesPerDay: 3 }, () => 0);
    const b = process(clock, { maxTradesPerDay: 3 }, () => 0);
    await a.placed('u1', 'o1');
    await b.placed('u1', 'o1'); // the same order seen again (a retry answered with it)
    await b.placed('u1', 'o2');
    expect((await a.status('u1')).tradesToday).toBe(2);
    expect(await refusal(a)).toBeNull();
    await a.placed('u1', 'o3');
    expect(await refusal(b)).toContain('Max trades per day reached (3 of 3)');

    const days = createStoredDisciplineDays(store.db, clock.now);
    await days.lock('u1');
    const lockedAt = (await days.today('u1')).lockedAt;
    expect(lockedAt).toBe(clock.now());
    clock.advance(60_000);
    await days.lock('u1');
    await days.lostTrade('u1');
    expect(await days.today('u1')).toMatchObject({ trades: 3, lockedAt, lastLossAt: clock.now() });
  });

  it("the trader's own close-all lock holds with its reason after a restart; a later max-loss lock does not replace it", async () => {
    store = await createTestStore(kind);
    const clock = createFakeClock();
    const first = process(clock, {}, () => 0);
    await first.lockForDay('u1');
    const restarted = process(clock, { maxLossPerDay: 100 }, () => -500);
    expect(await refusal(restarted)).toContain('You closed all and locked trading for today');
    expect((await createStoredDisciplineDays(store.db, clock.now).today('u1')).lockedByTrader).toBe(true);
    // A max-loss lock first: a later close-all keeps the first reason.
    await createStoredDisciplineDays(store.db, clock.now).lock('u2');
    await process(clock, {}, () => 0).lockForDay('u2');
    expect(
      (await createStoredDisciplineDays(store.db, clock.now).today('u2')).lockedByTrader,
    ).toBeUndefined();
  });
});
