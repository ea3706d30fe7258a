import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('forgets the least recently set or read entry once full', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
    map.set('a', 10);
    map.set('d', 4);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['d', 4],
    ]);
  });

  it('answers undefined for a missing key without changing what it holds', () => {
    const map = new LruMap<string, number>(1);
    map.set('a', 1);
    expect(map.get('b')).toBeUndefined();
    expect([...map.keys()]).toEqual(['a']);
  });
});
