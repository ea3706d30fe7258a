import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertChromiumInstalled } from './chromium';
import { BASE_URL_ENV } from './env';
import { startServer } from './server-process';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs once before all specs; the returned function is the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run test:e2e` (it builds first) or `npm run build`.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xtrader-e2e-'));
  const server = await startServer({ repoRoot, dataDir });
  // Workers inherit the environment of the runner, so specs find the server here.
  process.env[BASE_URL_ENV] = server.baseUrl;
  console.log(`e2e: X-Trader at ${server.baseUrl} (data ${dataDir})`);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
