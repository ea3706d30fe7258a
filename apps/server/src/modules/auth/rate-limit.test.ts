import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../../test/helpers/test-store';
import { TooManyRequestsError } from '../../http/errors';
import type { Store } from '../../store/open-store';
import { createRateLimiter, type RateLimiter } from './rate-limit';

const rule = { limit: 3, windowMs: 60_000, message: 'Slow down' };

describeEachStore('rate limiter', (kind) => {
  let store: Store;
  let clock: FakeClock;
  let limiter: RateLimiter;
  beforeEach(async () => {
    store = await createTestStore(kind);
    clock = createFakeClock();
    limiter = createRateLimiter(store.db, clock);
  });
  afterEach(async () => {
    await store.close();
  });

  it('allows up to the limit within the window, then refuses with a retry time', async () => {
    for (let i = 0; i < 3; i += 1) {
      await limiter.check('k', rule);
      await limiter.hit('k');
      clock.advance(10_000);
    }
    const refusal = await limiter.check('k', rule).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect((refusal as TooManyRequestsError).message).toBe('Slow down');
    // The first hit (30 s ago) leaves the 60 s window in 30 s.
    expect((refusal as TooManyRequestsError).headers['retry-after']).toBe('30');
  });

  it('slides: a slot frees when the oldest event leaves the window', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.hit('k');
    await expect(limiter.check('k', rule)).rejects.toBeInstanceOf(TooManyRequestsError);
    clock.advance(60_000);
    await expect(limiter.check('k', rule)).resolves.toBeUndefined();
  });

  it('keeps keys apart and can clear one', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.hit('a');
    await expect(limiter.check('b', rule)).resolves.toBeUndefined();
    await limiter.clear('a');
    await expect(limiter.check('a', rule)).resolves.toBeUndefined();
  });
});
