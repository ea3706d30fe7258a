import { describe, expect, it } from 'vitest';
import { createOrderStream } from './events';

describe('the order event stream', () => {
  it('runs synchronous listeners before emit returns, in the order they subscribed', () => {
    const stream = createOrderStream();
    const seen: string[] = [];
    stream.on('family.touched', ({ rootId }) => void seen.push(`a:${rootId}`));
    stream.on('family.touched', ({ rootId }) => void seen.push(`b:${rootId}`));
    void stream.emit('family.touched', { userId: 'u', rootId: 'r1' });
    expect(seen).toEqual(['a:r1', 'b:r1']);
  });

  it('awaits an asynchronous listener before the next one runs', async () => {
    const stream = createOrderStream();
    const seen: string[] = [];
    stream.on('stop.unwatch', async ({ orderId }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`slow:${orderId}`);
    });
    stream.on('stop.unwatch', ({ orderId }) => void seen.push(`next:${orderId}`));
    const done = stream.emit('stop.unwatch', { orderId: 'o1' });
    expect(seen).toEqual([]);
    await done;
    expect(seen).toEqual(['slow:o1', 'next:o1']);
  });

  it('rejects with a failing listener and stops there; a removed listener hears nothing', async () => {
    const stream = createOrderStream();
    const seen: string[] = [];
    const off = stream.on('stop.unwatch', () => void seen.push('removed'));
    stream.on('stop.unwatch', () => {
      throw new Error('store down');
    });
    stream.on('stop.unwatch', () => void seen.push('after'));
    off();
    await expect(stream.emit('stop.unwatch', { orderId: 'o1' })).rejects.toThrow('store down');
    expect(seen).toEqual([]);
  });
});
