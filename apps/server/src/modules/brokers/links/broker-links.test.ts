import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../../../test/helpers/test-store';
import { insertUserRow } from '../../../../test/helpers/user-rows';
import type { Store } from '../../../store/open-store';
import { type BrokerLinks, createBrokerLinks } from './broker-links';

describeEachStore('broker links', (kind) => {
  let store: Store;
  let clock: FakeClock;
  let links: BrokerLinks;
  beforeEach(async () => {
    store = await createTestStore(kind);
    clock = createFakeClock();
    links = createBrokerLinks(store.db, clock);
  });
  afterEach(async () => {
    await store.close();
  });

  const userRow = (id: string) =>
    store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('links a live broker (active broker and client id) and switches the active broker alone', async () => {
    const id = await insertUserRow(store.db, { name: 'A', now: clock.now() });
    expect(await links.activeBrokerOf(id)).toBeNull();
    clock.advance(1_000);
    await links.linkBroker(id, 'ZERODHA', 'AB1234');
    expect(await links.activeBrokerOf(id)).toBe('ZERODHA');
    expect(await userRow(id)).toMatchObject({ clientId: 'AB1234', updatedAt: clock.now() });
    await links.setActiveBroker(id, 'PAPERTRADE');
    expect(await links.activeBrokerOf(id)).toBe('PAPERTRADE');
    // The live account stays linked while Practice Mode is on.
    expect((await userRow(id)).clientId).toBe('AB1234');
  });

  it('reads a stored value no broker answers to as no broker, and an unknown user as none', async () => {
    const id = await insertUserRow(store.db, { name: 'B', now: clock.now(), activeBroker: 'RETIRED' });
    expect(await links.activeBrokerOf(id)).toBeNull();
    expect(await links.activeBrokerOf('nobody')).toBeNull();
  });
});
