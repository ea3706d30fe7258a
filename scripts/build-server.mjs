// Production build of the server: one ES module, apps/server/dist/main.js, with a source map, run by plain node.
//
// Why a bundler and not `tsc` emit: the sources import each other without file extensions (moduleResolution
// "bundler") and @xtrader/core publishes its subpaths as TypeScript files, neither of which node's own ESM loader
// can run. esbuild compiles both into one file; every other package stays an ordinary import from node_modules
// (native better-sqlite3, pino's worker transports and the like must load from their own folders).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'apps/server/dist');

/** Bundles relative imports and @xtrader/* workspace packages; leaves every other bare import to node. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@xtrader/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
});
// The shipped session-replay sample days: read beside the bundle (`new URL('./samples/', import.meta.url)`).
cpSync(path.join(root, 'apps/server/src/modules/replay/samples'), path.join(outdir, 'samples'), {
  recursive: true,
});
console.log(`server built: ${path.relative(root, path.join(outdir, 'main.js'))}`);
