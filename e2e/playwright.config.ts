import { defineConfig, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';
import { BASE_URL_ENV } from './support/env';

// Browser tests: the REAL server (started by global-setup on a free port with a temp data dir) serving the
// BUILT web app, driven by the system Chromium. `npm run test:e2e` builds the web app first.

const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
const reporter: ReporterDescription[] = [['list']];
if (jsonOutput) reporter.push(['json', { outputFile: jsonOutput }]);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // One server and two shared cores: a single worker keeps timings honest and rate limits predictable.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous: scrypt logins and the trading shell chunk are slow on two busy cores.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    // Workers load this file again after global-setup has set the variable.
    baseURL: process.env[BASE_URL_ENV],
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1440, height: 900 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
