import { describe, expect, it } from 'vitest';
import type { BrokerSession } from './broker';
import { AdapterRegistry } from './registry';

const fakeSession = (brokerId: string, userId: string) => ({ brokerId, userId }) as unknown as BrokerSession;

describe('broker registry', () => {
  const active: Record<string, string | null> = {
    paper: 'PAPERTRADE',
    live: 'ZERODHA',
    none: null,
    odd: 'DHAN',
  };
  const registry = new AdapterRegistry({ activeBrokerOf: async (userId) => active[userId] ?? null });
  registry.register('PAPERTRADE', (userId) => fakeSession('PAPERTRADE', userId));
  registry.register('zerodha', async (userId) => fakeSession('ZERODHA', userId));

  it.each([
    { user: 'paper', broker: 'PAPERTRADE' },
    { user: 'live', broker: 'ZERODHA' },
  ])('gives $user the session of its active broker $broker', async ({ user, broker }) => {
    expect(await registry.sessionFor(user)).toEqual({ brokerId: broker, userId: user });
  });

  it('has no session for a user without a broker or with a broker no adapter serves', async () => {
    expect(await registry.sessionFor('none')).toBeUndefined();
    expect(await registry.sessionFor('odd')).toBeUndefined();
    expect(registry.has('dhan')).toBe(false);
    expect(registry.has('Zerodha')).toBe(true);
  });

  it('refuses a second adapter for one broker', () => {
    expect(() => registry.register('Zerodha', () => undefined)).toThrow(/ZERODHA is already registered/);
  });
});
