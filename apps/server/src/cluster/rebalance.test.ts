import { describe, expect, it } from 'vitest';
import { usersToHandOff } from './rebalance';

const users = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);
const idle = () => false;

describe('users handed off to rebalance', () => {
  it('an instance above the fair share hands off at most max a time to a new, empty instance', () => {
    const holdings = new Map([
      ['A', 10],
      ['B', 0],
    ]);
    expect(usersToHandOff({ self: 'A', held: users(10), holdings, busy: idle, max: 2 })).toEqual([
      'u0',
      'u1',
    ]);
    expect(usersToHandOff({ self: 'A', held: users(10), holdings, busy: idle, max: 20 })).toHaveLength(5);
    // The empty instance has nothing to give; max 0 switches rebalancing off.
    expect(usersToHandOff({ self: 'B', held: [], holdings, busy: idle, max: 2 })).toEqual([]);
    expect(usersToHandOff({ self: 'A', held: users(10), holdings, busy: idle, max: 0 })).toEqual([]);
  });

  it('skips users with a command in flight', () => {
    const holdings = new Map([
      ['A', 4],
      ['B', 0],
    ]);
    const busy = (userId: string) => userId === 'u0';
    expect(usersToHandOff({ self: 'A', held: users(4), holdings, busy, max: 2 })).toEqual(['u1', 'u2']);
  });

  it('never moves a user between instances at the rounded share (no back and forth)', () => {
    const holdings = new Map([
      ['A', 3],
      ['B', 2],
    ]);
    expect(usersToHandOff({ self: 'A', held: users(3), holdings, busy: idle, max: 2 })).toEqual([]);
    // Above the share but nobody below the floor: nobody would take it.
    const even = new Map([
      ['A', 5],
      ['B', 3],
      ['C', 3],
    ]);
    expect(usersToHandOff({ self: 'A', held: users(5), holdings: even, busy: idle, max: 2 })).toEqual([]);
    // Alone, nothing moves.
    expect(
      usersToHandOff({ self: 'A', held: users(4), holdings: new Map([['A', 4]]), busy: idle, max: 2 }),
    ).toEqual([]);
  });
});
