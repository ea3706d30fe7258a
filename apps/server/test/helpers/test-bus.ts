import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import type { Bus } from '../../src/bus/bus';
import { createMemoryBus } from '../../src/bus/memory-bus';
import { createRedisBus } from '../../src/bus/redis-bus';
import { loadTestServices } from '../../src/config';
import { silentLogger } from '../../src/logger';

export type BusKind = Bus['kind'];

const services = loadTestServices();

/** The bus transports to test on: in-process always, Redis when TEST_REDIS_URL is set. */
export const busKinds: BusKind[] = services.redisUrl ? ['memory', 'redis'] : ['memory'];

/** A bus of its own; on Redis its channels carry a unique prefix so parallel suites never cross. */
export async function createTestBus(kind: BusKind = 'memory'): Promise<Bus> {
  if (kind === 'memory') return createMemoryBus(silentLogger());
  const url = services.redisUrl;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  return createRedisBus({ url, channelPrefix: `xt-test:${randomBytes(6).toString('hex')}:` }, silentLogger());
}

/** Runs the suite once per bus transport; `fn` gets the transport to pass to `createTestBus`. */
export function describeEachBus(name: string, fn: (kind: BusKind) => void): void {
  for (const kind of busKinds) describe(`${name} [${kind}]`, () => fn(kind));
}
