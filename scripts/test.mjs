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
// Named again at the very end: CI keeps only the tail of a long run, where a failure far up would be lost.
const failedTests = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

const vitestFailures = (report) =>
  (report.testResults ?? []).flatMap((file) => {
    const where = file.name ? file.name.replace(`${process.cwd()}/`, '') : '?';
    const tests = (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (tests.length === 0 && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`];
    return tests;
  });

const playwrightFailures = (report) => {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok !== false) continue;
      const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message;
      out.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A top-level suite is a spec file, already named by its specs' `file`.
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
};
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
  failedTests.push(...vitestFailures(v));
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
  failedTests.push(...playwrightFailures(p));
} else check('playwright (no report)', false);

// After the browser step's web build: the JS a cold load of the login route and of the dashboard fetches,
// gzipped, against its ceiling (file sizes of the build, no timing).
check(
  'route JS size budget',
  run('route JS size budget', 'node', ['--import', 'tsx', 'bench/route-budget/index.ts']),
);

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failedTests.length)
  console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t.slice(0, 400)}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
