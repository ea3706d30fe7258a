import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalLine, chainChecker, GENESIS_HASH, lineHash } from './chain';
import type { AuditLogTable } from './tables';

function chain(userId: string, count: number): AuditLogTable[] {
  const lines: AuditLogTable[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq += 1) {
    const row = {
      userId,
      seq,
      ts: 1000 + seq,
      kind: 'request',
      orderId: null,
      data: `{"n":${seq}}`,
      prevHash,
    };
    prevHash = lineHash(row);
    lines.push({ ...row, hash: prevHash });
  }
  return lines;
}

const firstBreak = (userId: string, lines: AuditLogTable[]) => {
  const checker = chainChecker(userId);
  for (const line of lines) {
    const broken = checker.next(line);
    if (broken) return broken;
  }
  return undefined;
};

describe('lineHash', () => {
  it('is sha256 over the fixed serialisation of every column but the hash', () => {
    const line = {
      userId: 'u1',
      seq: 2,
      ts: 5,
      kind: 'request',
      orderId: null,
      data: '{"a":"é"}',
      prevHash: 'ab',
    };
    expect(canonicalLine(line)).toBe('["u1",2,5,"request",null,"{\\"a\\":\\"é\\"}","ab"]');
    expect(lineHash(line)).toBe(createHash('sha256').update(canonicalLine(line)).digest('hex'));
  });

  it('reads numbers stored as text (PostgreSQL bigint) the same as numbers', () => {
    const line = { userId: 'u1', seq: 2, ts: 5, kind: 'request', orderId: 'o1', data: '{}', prevHash: 'ab' };
    expect(lineHash({ ...line, seq: '2' as unknown as number, ts: '5' as unknown as number })).toBe(
      lineHash(line),
    );
  });
});

describe('chainChecker', () => {
  it('accepts an intact chain', () => {
    expect(firstBreak('u1', chain('u1', 5))).toBeUndefined();
  });

  it('names a changed line', () => {
    const lines = chain('u1', 5);
    lines[2] = { ...(lines[2] as AuditLogTable), data: '{"n":99}' };
    expect(firstBreak('u1', lines)).toMatchObject({
      userId: 'u1',
      seq: 3,
      reason: expect.stringContaining('changed'),
    });
  });

  it('names the line after a removed one', () => {
    const lines = chain('u1', 5);
    lines.splice(1, 1);
    expect(firstBreak('u1', lines)).toMatchObject({ seq: 3, reason: expect.stringContaining('missing') });
  });

  it('catches a removed line whose followers were renumbered', () => {
    const lines = chain('u1', 5);
    lines.splice(1, 1);
    const renumbered = lines.map((line, i) => ({ ...line, seq: i + 1 }));
    expect(firstBreak('u1', renumbered)).toMatchObject({ seq: 2 });
  });

  it('catches a changed line whose own hash was recomputed (the next line no longer links to it)', () => {
    const lines = chain('u1', 4);
    const changed = { ...(lines[1] as AuditLogTable), data: '{"n":42}' };
    lines[1] = { ...changed, hash: lineHash(changed) };
    expect(firstBreak('u1', lines)).toMatchObject({
      seq: 3,
      reason: expect.stringContaining('previous hash'),
    });
  });
});
