import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateBounded, readBoundedBody, readBoundedText } from './bounded-body';

/** A response whose body streams in chunks, without a declared length unless given. */
const streamed = (chunks: string[], headers: Record<string, string> = {}) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { headers },
  );

describe('bounded master downloads', () => {
  it('reads a body within the cap, plain or gzipped', async () => {
    expect((await readBoundedBody(streamed(['ab', 'cd']), 4)).toString()).toBe('abcd');
    const gz = gzipSync(Buffer.from('Exch,Token\nNFO,1\n'));
    expect(await readBoundedText(new Response(gz), 100)).toBe('Exch,Token\nNFO,1\n');
  });

  it('stops a body that streams past the cap, or declares a larger length', async () => {
    await expect(readBoundedBody(streamed(['abc', 'def']), 4)).rejects.toThrow(/4-byte limit/);
    await expect(readBoundedBody(streamed(['a'], { 'content-length': '5000' }), 4)).rejects.toThrow(
      /5000 bytes, over the 4-byte limit/,
    );
  });

  it('refuses gzip that inflates past the cap (a small bomb)', () => {
    const bomb = gzipSync(Buffer.alloc(10_000, 0));
    expect(bomb.length).toBeLessThan(1_000);
    expect(() => inflateBounded(bomb, 1_000)).toThrow(/inflates past the 1000-byte limit/);
    expect(inflateBounded(bomb, 20_000)).toHaveLength(10_000);
  });
});
