import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Manifest, measureRoutes, type RouteBudget } from './route-js';

// Route JS size budget, run by `npm test` after the web build: the JavaScript a cold load of the login route and
// of the dashboard fetches (entry chunks and their static imports, lazy chunks excluded), gzipped, against a
// ceiling. Deterministic (file sizes of the build, no browser, no timing). Exits non-zero when a route is over.
// Run: npm run build && node --import tsx bench/route-budget/index.ts

const KB = 1024;
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const manifestFile = path.join(dist, '.vite/manifest.json');

/**
 * Each route: the manifest keys its first load runs (the app entry, the lazily loaded screen the router resolves
 * for its path, and the shell that frames it) and its ceiling.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { name: 'login (/)', entries: ['index.html', 'src/features/auth/login-page.tsx'], maxGzipBytes: 150 * KB },
  {
    name: 'dashboard (/dashboard)',
    entries: ['index.html', 'src/app/shell/trading-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'],
    maxGzipBytes: 300 * KB,
  },
];

function main(): number {
  if (!existsSync(manifestFile)) {
    console.error(`No build manifest at ${manifestFile}: run npm run build first.`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const sizes = measureRoutes(manifest, ROUTE_BUDGETS, gzipSize);
  for (const route of sizes) {
    const verdict = route.over ? 'OVER' : 'ok';
    console.log(
      `${verdict.padEnd(4)} ${route.name.padEnd(24)} ${(route.gzipBytes / KB).toFixed(1).padStart(6)} KB gz` +
        ` in ${route.files.length} files (budget ${route.maxGzipBytes / KB} KB)`,
    );
  }
  return sizes.some((route) => route.over) ? 1 : 0;
}

process.exitCode = main();
