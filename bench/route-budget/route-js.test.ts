import { describe, expect, it } from 'vitest';
import { type Manifest, measureRoutes, routeFiles } from './route-js';

// A build shaped like the web app's: an entry, two lazily loaded routes sharing a chunk, a lazy chart inside one.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    imports: ['_react.js'],
    dynamicImports: ['src/login.tsx', 'src/dashboard.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_style.css': { file: 'assets/style.css' },
  'src/login.tsx': { file: 'assets/login.js', imports: ['index.html', '_shared.js'] },
  'src/dashboard.tsx': {
    file: 'assets/dashboard.js',
    imports: ['index.html', '_shared.js', '_style.css'],
    dynamicImports: ['src/chart.tsx'],
  },
  'src/chart.tsx': { file: 'assets/chart.js', imports: ['_heavy.js'] },
  '_heavy.js': { file: 'assets/heavy.js' },
};

describe('routeFiles', () => {
  it('follows static imports from every entry, each file once, cycles included', () => {
    expect(routeFiles(manifest, ['index.html', 'src/login.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/login.js',
      'assets/shared.js',
    ]);
  });

  it('leaves out lazy chunks and what only they import, and non-JS files', () => {
    const files = routeFiles(manifest, ['index.html', 'src/dashboard.tsx']);
    expect(files).toContain('assets/dashboard.js');
    expect(files).not.toContain('assets/chart.js');
    expect(files).not.toContain('assets/heavy.js');
    expect(files).not.toContain('assets/style.css');
  });

  it('names a route entry missing from the manifest (a moved or renamed page)', () => {
    expect(() => routeFiles(manifest, ['src/gone.tsx'])).toThrow('src/gone.tsx (imported by the route)');
  });
});

describe('measureRoutes', () => {
  const size = (file: string) => ({ 'assets/index.js': 100, 'assets/react.js': 50 })[file] ?? 10;

  it('sums the gzipped sizes and flags a route over its budget', () => {
    const [login, dashboard] = measureRoutes(
      manifest,
      [
        { name: 'login', entries: ['index.html', 'src/login.tsx'], maxGzipBytes: 170 },
        { name: 'dashboard', entries: ['index.html', 'src/dashboard.tsx'], maxGzipBytes: 169 },
      ],
      size,
    );
    expect(login).toMatchObject({ gzipBytes: 170, over: false });
    expect(dashboard).toMatchObject({ gzipBytes: 170, over: true });
  });
});
