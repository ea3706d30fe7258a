import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../../test/helpers/test-store';
import { DomainError } from '../../domain-error';
import { describeError } from '../../http/error-handler';
import type { Store } from '../../store/open-store';
import { createRateLimiter, type RateLimiter, takeEach } from './rate-limit';

const limit = [{ limit: 3, windowMs: 60_000, message: 'Slow down' }];
const tiers = [
  { limit: 2, windowMs: 60_000, message: 'Slow down' },
  { limit: 3, windowMs: 600_000, message: 'Much slower' },
];

describeEachStore('rate limiter', (kind) => {
  let store: Store;
  let clock: FakeClock;
  let limiter: RateLimiter;
  beforeEach(async () => {
    store = await createTestStore(kind);
    clock = createFakeClock();
    limiter = createRateLimiter(store.db, clock, store.dialect);
  });
  afterEach(async () => {
    await store.close();
  });

  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as DomainError,
    );

  it('takes up to the limit within the window, then refuses with a retry time', async () => {
    for (let i = 0; i < 3; i += 1) {
      await limiter.take('k', limit);
      clock.advance(10_000);
    }
    const refusal = await refusalOf(limiter.take('k', limit));
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal?.code).toBe('rate_limited');
    expect(refusal?.message).toBe('Slow down');
    // The first event (30 s ago) leaves the 60 s window in 30 s.
    expect(describeError(refusal).headers['retry-after']).toBe('30');
  });

  it('never takes more than the limit, however many takes run in parallel', async () => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.take('k', limit)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const counted = await store.db
      .selectFrom('rateLimitEvents')
      .select('id')
      .where('key', '=', 'k')
      .execute();
    expect(counted).toHaveLength(3);
  });

  it('slides: a slot frees when the oldest event leaves the window', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.take('k', limit);
    await expect(limiter.take('k', limit)).rejects.toBeInstanceOf(DomainError);
    clock.advance(60_000);
    await expect(limiter.take('k', limit)).resolves.toEqual(expect.any(String));
  });

  it('refuses until the longest full window frees up', async () => {
    await limiter.take('k', tiers);
    await limiter.take('k', tiers);
    clock.advance(60_000);
    await limiter.take('k', tiers);
    const refusal = await refusalOf(limiter.take('k', tiers));
    expect(refusal?.message).toBe('Much slower');
    expect(describeError(refusal).headers['retry-after']).toBe('540');
  });

  it('gives an event back, keeps keys apart and clears a key or a prefix', async () => {
    const ids = await Promise.all([0, 1, 2].map(() => limiter.take('a', limit)));
    await limiter.release(ids[0] as string);
    await expect(limiter.take('a', limit)).resolves.toEqual(expect.any(String));
    await expect(limiter.take('b', limit)).resolves.toEqual(expect.any(String));
    await limiter.clear('a');
    for (let i = 0; i < 3; i += 1) await limiter.take('a', limit);
    for (let i = 0; i < 3; i += 1) await limiter.take('p:1:x', limit);
    await limiter.clearPrefix('p:1:');
    await expect(limiter.take('p:1:x', limit)).resolves.toEqual(expect.any(String));
    await expect(limiter.take('a', limit)).rejects.toBeInstanceOf(DomainError);
  });

  it('takes from every key or from none', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.take('full', limit);
    const keys = [
      { key: 'free', limit },
      { key: 'full', limit },
    ];
    await expect(takeEach(limiter, keys)).rejects.toBeInstanceOf(DomainError);
    const free = await store.db
      .selectFrom('rateLimitEvents')
      .select('id')
      .where('key', '=', 'free')
      .execute();
    expect(free).toHaveLength(0);
  });
});
