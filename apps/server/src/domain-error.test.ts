import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Modules whose refusals are domain errors: they name a code, and only the HTTP layer picks the status. */
const DOMAIN_MODULES = ['orders', 'risk', 'portfolio', 'brokers', 'instruments'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('domain modules', () => {
  it('throw DomainError, never the HTTP error classes', () => {
    const offenders = DOMAIN_MODULES.flatMap((name) => sourceFiles(join(__dirname, 'modules', name))).filter(
      (file) => /from '(\.\.\/)+http\/errors'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
