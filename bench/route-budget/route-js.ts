// The JavaScript a cold load of one route fetches, read from the Vite build manifest: the route's entry chunks
// and everything they import statically, each file once. Dynamic imports (lazy chunks: a chart, a dialog) are
// fetched later, on use, so they do not count.

/** One chunk of `.vite/manifest.json` (only the fields the walk reads). */
export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** Output files (e.g. `assets/index-abc.js`) a cold load of a route made of `entries` (manifest keys) fetches. */
export function routeFiles(manifest: Manifest, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string, from: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} (imported by ${from}) is not in the build manifest`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const entry of entries) visit(entry, 'the route');
  return files;
}

export type RouteBudget = { name: string; entries: readonly string[]; maxGzipBytes: number };
export type RouteSize = RouteBudget & { files: string[]; gzipBytes: number; over: boolean };

/** Each route's first-load files, their gzipped total (`gzipSize` of one output file) and whether it is over. */
export function measureRoutes(
  manifest: Manifest,
  budgets: readonly RouteBudget[],
  gzipSize: (file: string) => number,
): RouteSize[] {
  return budgets.map((budget) => {
    const files = routeFiles(manifest, budget.entries);
    const gzipBytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
    return { ...budget, files, gzipBytes, over: gzipBytes > budget.maxGzipBytes };
  });
}
