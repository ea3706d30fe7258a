#!/usr/bin/env node
// `npm test`: lint, type check, import cycles, unit + integration tests (Vitest), browser tests (Playwright), then
// the route JS size budget of the web build.
// Ends with the plain line `N passed, N failed` that CI reads, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const run = (name, cmd, args, env = {}) => {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
};

const readJson = (file) => {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const check = (name, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
};

check('lint (biome)', run('lint', 'npx', ['biome', 'check', '.']));
check('typecheck (tsc)', run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
check('import cycles (dpdm)', run('import cycles', 'node', ['scripts/check-cycles.mjs']));

const vitestOut = '.vitest-results.json';
rmSync(vitestOut, { force: true });
const vitestOk = run('unit and integration', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestOut}`,
]);
const v = readJson(vitestOut);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  if (!vitestOk && v.numFailedTests === 0) check('vitest (suite error)', false);
} else check('vitest (no report)', false);

// Absolute: Playwright resolves a relative reporter path against its config folder (e2e/).
const pwOut = resolve('.playwright-results.json');
rmSync(pwOut, { force: true });
const pwOk = run('browser (playwright)', 'npm', ['run', '--silent', 'test:e2e'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut,
});
const p = readJson(pwOut);
if (p?.stats) {
  passed += p.stats.expected + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  if (!pwOk && p.stats.unexpected === 0) check('playwright (run error)', false);
} else check('playwright (no report)', false);

// After the browser step's web build: the JS a cold load of the login route and of the dashboard fetches,
// gzipped, against its ceiling (file sizes of the build, no timing).
check(
  'route JS size budget',
  run('route JS size budget', 'node', ['--import', 'tsx', 'bench/route-budget/index.ts']),
);

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
