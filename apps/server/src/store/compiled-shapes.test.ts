import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createTestStore, describeEachStore } from '../../test/helpers/test-store';
import { insertShape, rowValues, runShaped } from './compiled-shapes';
import type { Store } from './open-store';

describeEachStore('runShaped', (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  const row = (key: string, value: string) => ({ key, value, updatedAt: 1 });
  const insert = (
    rows: ReturnType<typeof row>[],
    build = vi.fn(() => store.db.insertInto('appMeta').values(rows)),
  ) => runShaped(store.db, insertShape('appMeta', rows), rowValues(rows), build).then(() => build);
  const all = () => store.db.selectFrom('appMeta').selectAll().orderBy('key').execute();

  it('builds a shape once, then binds new values to the same SQL', async () => {
    expect(await insert([row('a', '1')])).toHaveBeenCalledTimes(1);
    expect(await insert([row('b', '2')])).not.toHaveBeenCalled();
    expect(await insert([row('c', '3'), row('d', '4')])).toHaveBeenCalledTimes(1);
    expect(await insert([row('e', '5'), row('f', '6')])).not.toHaveBeenCalled();
    expect((await all()).map((r) => [r.key, r.value])).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '4'],
      ['e', '5'],
      ['f', '6'],
    ]);
  });

  it('never caches a query whose parameters are not the given values, and builds rows with undefined', async () => {
    let built = 0;
    const mismatched = vi.fn(() => store.db.insertInto('appMeta').values(row(`x${++built}`, 'built')));
    await runShaped(store.db, 'odd', ['x', 'other', 1], mismatched);
    await runShaped(store.db, 'odd', ['y', 'other', 1], mismatched);
    expect(mismatched).toHaveBeenCalledTimes(2);
    await insert([row('g', '7')]);
    const withUndefined = { key: 'h', value: undefined as unknown as string, updatedAt: 1 };
    const build = vi.fn(() => store.db.insertInto('appMeta').values(row('h', 'built')));
    expect(await insert([withUndefined], build)).toHaveBeenCalledTimes(1);
    expect((await all()).find((r) => r.key === 'h')?.value).toBe('built');
  });
});
