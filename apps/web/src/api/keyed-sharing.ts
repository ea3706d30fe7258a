import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * Structural sharing for lists whose items move (a new order is inserted at the top, a position appears): each
 * new item reuses the old object of the same key when nothing in it changed. TanStack's default compares arrays
 * by position, so one insertion would hand every memoised row a "new" object and re-render the whole table.
 */
export function shareByKey<T>(
  previous: readonly T[] | undefined,
  next: readonly T[],
  keyOf: (item: T) => string,
): T[] {
  if (!previous) return [...next];
  const old = new Map(previous.map((item) => [keyOf(item), item]));
  const shared = next.map((item) => {
    const before = old.get(keyOf(item));
    return before === undefined ? item : (replaceEqualDeep(before, item) as T);
  });
  const unchanged = shared.length === previous.length && shared.every((item, i) => item === previous[i]);
  return unchanged ? (previous as T[]) : shared;
}
