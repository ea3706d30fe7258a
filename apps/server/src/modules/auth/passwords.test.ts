import { describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with a random salt and verifies', async () => {
    const first = await hashPassword('demo1234');
    const second = await hashPassword('demo1234');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('demo1234');
    expect(await verifyPassword('demo1234', first)).toBe(true);
    expect(await verifyPassword('demo1234', second)).toBe(true);
    expect(await verifyPassword('demo12345', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$1$2$3$x$y', 'scrypt$16384$8$1$$']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('has a decoy hash no password is likely to match', async () => {
    expect(await verifyPassword('demo1234', await decoyPasswordHash())).toBe(false);
  });
});
