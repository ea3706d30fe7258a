#!/usr/bin/env node
// Import-cycle check (dpdm), run by `npm test` and on its own with `node scripts/check-cycles.mjs`.
// Type-only imports count: a cycle through types still ties two files together.
// Exits non-zero when a checked tree has a cycle that is not in KNOWN_CYCLES.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Source trees that must stay free of import cycles (imports into other workspaces are followed too). */
const CHECKED_TREES = ['packages/core/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'];

/**
 * Cycles that exist today and are being removed; each is the dpdm path, files joined by ' -> '. Any other
 * cycle fails the check. Delete an entry as soon as its cycle is gone (the check prints stale entries).
 */
export const KNOWN_CYCLES = [];

/** Every cycle dpdm finds starting from `glob`, as ' -> '-joined paths relative to the repository root. */
export const findCycles = (glob) => {
  const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
  const out = join(dir, 'graph.json');
  try {
    const r = spawnSync(
      'npx',
      [
        '--no-install',
        'dpdm',
        '--no-tree',
        '--no-warning',
        '--no-circular',
        '--no-progress',
        '-o',
        out,
        glob,
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`dpdm failed on ${glob}:\n${r.stderr}`);
    const { circulars } = JSON.parse(readFileSync(out, 'utf8'));
    return circulars.map((cycle) => cycle.join(' -> '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Splits the found cycles into those not allowed, and lists the allowed ones that no longer occur. */
export const judgeCycles = (found, known) => {
  const seen = new Set(found);
  return {
    unexpected: [...seen].filter((c) => !known.includes(c)),
    stale: known.filter((c) => !seen.has(c)),
  };
};

const main = () => {
  const found = new Set(CHECKED_TREES.flatMap(findCycles));
  const { unexpected, stale } = judgeCycles([...found], KNOWN_CYCLES);
  for (const c of stale)
    console.log(`cycle gone, remove it from KNOWN_CYCLES in scripts/check-cycles.mjs: ${c}`);
  for (const c of unexpected) console.log(`import cycle: ${c}`);
  console.log(
    unexpected.length
      ? `${unexpected.length} import cycle(s) in ${CHECKED_TREES.join(', ')}`
      : `no new import cycles in ${CHECKED_TREES.join(', ')} (${found.size} known)`,
  );
  return unexpected.length === 0;
};

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main() ? 0 : 1);
