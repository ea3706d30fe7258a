import { describe, expect, it } from 'vitest';
import { mayReplay } from './replay-access';

describe('who may replay a recorded day', () => {
  const today = '2026-11-24';

  it('lets anyone replay the simulator, and a user their own stream at once', () => {
    expect(mayReplay({ kind: 'simulated' }, today, 'u2', today)).toBe(true);
    expect(mayReplay({ kind: 'user', userId: 'u1' }, today, 'u1', today)).toBe(true);
  });

  it("keeps another user's and the platform's real prices back until they are 30 days old", () => {
    for (const origin of [{ kind: 'user', userId: 'u1' } as const, { kind: 'platform' } as const]) {
      expect(mayReplay(origin, '2026-10-26', 'u2', today)).toBe(false); // 29 days old
      expect(mayReplay(origin, '2026-10-25', 'u2', today)).toBe(true); // 30 days old
      expect(mayReplay(origin, today, 'u2', today)).toBe(false);
    }
  });
});
