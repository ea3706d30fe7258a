import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createMemoryBus } from '../../bus/memory-bus';
import { silentLogger } from '../../logger';
import { createSessions, LIVE_SESSION_TRUST_MS } from './sessions';
import type { AuthStore } from './store';
import { createTokenSigner } from './tokens';

interface Row {
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** The session table in memory, counting reads, with a hook to act while a read is in flight. */
function sessionTable() {
  const rows = new Map<string, Row>();
  const table = {
    rows,
    reads: 0,
    duringRead: undefined as (() => Promise<void>) | undefined,
    store: {
      insertSession: async (row: Row) => {
        rows.set(row.id, { ...row });
      },
      findSession: async (id: string) => {
        table.reads += 1;
        const row = rows.get(id);
        const snapshot = row ? { ...row } : undefined;
        await table.duringRead?.();
        return snapshot;
      },
      revokeSession: async (userId: string, id: string, now: number) => {
        const row = rows.get(id);
        if (!row || row.userId !== userId || row.revokedAt !== null) return false;
        row.revokedAt = now;
        return true;
      },
      revokeAllSessions: async (userId: string, now: number) => {
        const ids = [...rows.values()].filter((r) => r.userId === userId && r.revokedAt === null);
        for (const row of ids) row.revokedAt = now;
        return ids.map((row) => row.id);
      },
    },
  };
  return table;
}

function setup(ttlMs = 3_600_000) {
  const clock = createFakeClock();
  const bus = createMemoryBus(silentLogger());
  const table = sessionTable();
  const sessions = createSessions({
    store: table.store as unknown as AuthStore,
    signer: createTokenSigner(new Uint8Array(32).fill(7), clock),
    clock,
    bus,
    ttlMs,
  });
  return { clock, bus, table, sessions };
}

describe('session checks on every request', () => {
  it('reads a live session once per trust window, not on every request', async () => {
    const { clock, table, sessions } = setup();
    const { accessToken } = await sessions.open('u1');
    for (let i = 0; i < 5; i++) expect(await sessions.verify(accessToken)).toMatchObject({ userId: 'u1' });
    expect(table.reads).toBe(1);
    clock.advance(LIVE_SESSION_TRUST_MS);
    expect(await sessions.verify(accessToken)).toMatchObject({ userId: 'u1' });
    expect(table.reads).toBe(2);
  });

  it('refuses a token at once after logout, though its session was just checked', async () => {
    const { table, sessions } = setup();
    const { accessToken } = await sessions.open('u1');
    const identity = await sessions.verify(accessToken);
    expect(identity).not.toBeNull();
    await sessions.revoke(identity!);
    expect(await sessions.verify(accessToken)).toBeNull();
    expect(table.reads).toBe(2);
  });

  it('refuses every token of the user at once after a revoke-all (password reset)', async () => {
    const { sessions } = setup();
    const first = await sessions.open('u1');
    const second = await sessions.open('u1');
    await sessions.verify(first.accessToken);
    await sessions.verify(second.accessToken);
    await sessions.revokeAll('u1');
    expect(await sessions.verify(first.accessToken)).toBeNull();
    expect(await sessions.verify(second.accessToken)).toBeNull();
  });

  it('refuses at once a session another instance revoked and announced on the bus', async () => {
    const { bus, table, sessions } = setup();
    const { accessToken } = await sessions.open('u1');
    const identity = await sessions.verify(accessToken);
    // Another instance's logout: the row changes and the bus carries the news; this instance wrote nothing.
    const row = table.rows.get(identity!.sessionId)!;
    row.revokedAt = 1;
    await bus.publish('session.revoked', { userId: 'u1', sessionIds: [identity!.sessionId] });
    expect(await sessions.verify(accessToken)).toBeNull();
  });

  it('does not remember a session read while a revocation went through', async () => {
    const { bus, table, sessions } = setup();
    const { accessToken } = await sessions.open('u1');
    const sessionId = [...table.rows.keys()][0]!;
    table.duringRead = async () => {
      table.duringRead = undefined;
      table.rows.get(sessionId)!.revokedAt = 1;
      await bus.publish('session.revoked', { userId: 'u1', sessionIds: [sessionId] });
    };
    // This read saw the row before the revocation: it may answer live, but must not be trusted later.
    expect(await sessions.verify(accessToken)).not.toBeNull();
    expect(await sessions.verify(accessToken)).toBeNull();
  });

  it('refuses a remembered session once it has expired', async () => {
    const { clock, sessions } = setup(2_000);
    const { accessToken } = await sessions.open('u1');
    expect(await sessions.verify(accessToken)).not.toBeNull();
    clock.advance(2_000);
    expect(await sessions.verify(accessToken)).toBeNull();
  });
});
