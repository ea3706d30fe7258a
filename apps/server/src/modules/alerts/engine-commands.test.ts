import { describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../../bus/memory-bus';
import { createSoloOwnership, type EngineOwnership } from '../../cluster/ownership';
import { silentLogger } from '../../logger';
import type { KillRecord } from '../risk/record';
import { createEngineCommands, type EngineCommandDeps } from './engine-commands';

const done = { status: 'completed', unclosed: [] } as unknown as KillRecord;

/** An instance of a two-instance cluster where `owner` holds user u1's engine. */
function instance(id: string, owner: string, bus: ReturnType<typeof createMemoryBus>) {
  const ownership: EngineOwnership = {
    ...createSoloOwnership(id),
    clustered: true,
    owns: () => id === owner,
    claim: async () => (id === owner ? { owner: 'self' } : { owner: 'other', holder: owner }),
  };
  const replies: string[] = [];
  const deps = {
    ownership,
    bus,
    logger: silentLogger(),
    reply: (_chat: string, text: string) => replies.push(text),
    status: vi.fn(async () => ({ open: 2, mtm: -150 })),
    lockForDay: vi.fn(),
    closeAll: vi.fn(async () => done),
    marketProtectionOf: async () => 0.02,
  } satisfies EngineCommandDeps;
  return { commands: createEngineCommands(deps), deps, replies };
}

describe('Telegram commands in a cluster', () => {
  it('run on the instance that owns the user, which locks the day, squares off and replies', async () => {
    const bus = createMemoryBus(silentLogger());
    const poller = instance('a', 'b', bus);
    const owner = instance('b', 'b', bus);
    await poller.commands.dispatch('u1', 'chat', 'closeall');
    await vi.waitFor(() => expect(owner.replies.at(-1)).toMatch(/^Close all done/), { timeout: 5000 });
    expect(owner.deps.lockForDay).toHaveBeenCalledWith('u1');
    expect(owner.deps.closeAll).toHaveBeenCalledWith('u1', 0.02);
    expect(poller.deps.closeAll).not.toHaveBeenCalled();
    expect(poller.replies).toEqual([]);

    await poller.commands.dispatch('u1', 'chat', 'status');
    await vi.waitFor(() => expect(owner.replies.at(-1)).toMatch(/^Open positions: 2\n/), { timeout: 5000 });
    expect(poller.deps.status).not.toHaveBeenCalled();
    poller.commands.close();
    owner.commands.close();
  });
});
