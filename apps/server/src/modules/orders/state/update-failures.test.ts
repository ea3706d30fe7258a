import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import type { Database } from '../../../store/database';
import type { OrderRecord } from '../model/record';
import { createOrderStore, type FillRecord, type OrderStore } from '../model/store';
import type { OrdersHarness } from '../testing/harness';
import { expectBracketLegsOnce, harnessWithTrader, orderBody } from '../testing/orders-fixtures';

// A store write that fails while a broker update is handled must not lose what follows from the update: a bracket
// entry that filled has to get its exit legs whatever failed on the way.

const bracket = () => orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
const isEntryFill = (order: OrderRecord, fill?: FillRecord) =>
  fill !== undefined && order.category === 'oco' && order.id === order.rootId;

/**
 * A Kysely handle whose next `transaction()` commits and then reports a failure anyway, as a commit whose answer
 * was lost does: the caller cannot tell it was stored.
 */
function committingButFailing(db: Kysely<Database>, shouldFail: () => boolean): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          const builder = target.transaction();
          return {
            execute: async (work: Parameters<typeof builder.execute>[0]) => {
              const result = await builder.execute(work);
              if (shouldFail()) throw new Error('No transaction is open on this connection');
              return result;
            },
          };
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describeEachStore('broker updates whose store writes fail', (storeKind) => {
  let h: OrdersHarness;
  let user: string;
  let store: OrderStore;

  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader({ store: storeKind }));
    store = h.module.context.store;
  });
  afterEach(() => h.close());

  const expectEntryWithItsLegs = (entryId: string) => expectBracketLegsOnce(h, user, entryId);

  it('retries an entry fill whose store write failed, and the bracket gets its exit legs', async () => {
    let failures = 0;
    const saveOrder = store.saveOrder;
    store.saveOrder = async (order, fill) => {
      if (failures === 0 && isEntryFill(order, fill)) {
        failures += 1;
        throw new Error('No transaction is open on this connection');
      }
      return saveOrder(order, fill);
    };
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    expect(failures).toBe(1);
    await expectEntryWithItsLegs(orderId);
  });

  it('places the legs when the fill was stored although its write reported a failure', async () => {
    let failures = 0;
    const flaky = committingButFailing(h.db, () => {
      failures += 1;
      return failures === 1;
    });
    h.module.context.store = createOrderStore(flaky, { keepWorkingOrders: storeKind === 'sqlite' });
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    expect(failures).toBeGreaterThanOrEqual(1);
    await expectEntryWithItsLegs(orderId);
  });

  it('retries a workflow step whose legs could not be stored (three times running), and places them once', async () => {
    let failures = 0;
    const insertOrders = store.insertOrders;
    store.insertOrders = async (records) => {
      if (failures < 3 && records.some((order) => order.role === 'stoploss')) {
        failures += 1;
        throw new Error('disk I/O error');
      }
      return insertOrders(records);
    };
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    expect(failures).toBe(3);
    await expectEntryWithItsLegs(orderId);
  });
});
