import { defineConfig } from 'vitest/config';

// One runner for unit and integration tests across the workspaces; e2e runs in Playwright.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      'apps/web/vitest.config.ts',
      // Pure helpers of the benchmarks (e.g. the route JS walk behind the size budget).
      { test: { name: 'bench', root: 'bench', environment: 'node', include: ['**/*.test.ts'] } },
    ],
  },
});
