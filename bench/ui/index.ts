/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { installFakeBackend } from './fake-backend';
import { type BookSize, DEFAULT_BOOK, instrumentsFor, tradingSettings } from './fake-data';
import { instrumentPageScript, type PageFigures } from './instrument-page';
import { routeJsGzipped } from './route-js';
import { seedSession } from './session';
import { serveDist } from './static-server';
import { kb, ms, pairedDelays, percentile } from './stats';

// UI benchmark of the trading dashboard: headless Chromium, the built app, a book of positions and pending orders
// (default 100 and 200) while every symbol of the book ticks 10 times a second. Prints figures; asserts nothing.
// Run: npm run build && node --import tsx bench/ui/index.ts [--positions 300 --orders 600]

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dist = process.env.BENCH_DIST ?? path.join(repoRoot, 'apps/web/dist');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LONG_TASK_WINDOW_MS = 10_000;
const MARKET_PRESS_EVERY_MS = 500;
const STOP_LOSS_PRESSES = 30;
const STOP_LOSS_PRESS_EVERY_MS = 800;

const figures = (page: Page) => page.evaluate(() => window.__bench);
const resetFigures = (page: Page) =>
  page.evaluate(() => Object.assign(window.__bench, { keys: [], requests: [], rows: [], longTasks: [] }));

async function openDashboard(browser: Browser, url: string, book: BookSize, tab: 'positions' | 'openOrders') {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const backend = await installFakeBackend(context, book);
  await seedSession(context, tradingSettings(tab));
  await context.addInitScript(instrumentPageScript());
  const page = await context.newPage();
  await page.goto(`${url}/dashboard`);
  await page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' }).waitFor();
  await page.waitForTimeout(2000); // socket up, tables filled, first P&L pass done
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return { context, page, backend };
}

async function pressEvery(page: Page, keys: readonly string[], count: number, everyMs: number) {
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(keys[i % keys.length]!);
    await page.waitForTimeout(everyMs);
  }
}

/** Phase A: positions tab (a row of live P&L per position) for 10 s, a market order key every 500 ms. */
async function positionsPhase(browser: Browser, url: string, book: BookSize) {
  const { context, page, backend } = await openDashboard(browser, url, book, 'positions');
  await resetFigures(page);
  await pressEvery(
    page,
    ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'],
    LONG_TASK_WINDOW_MS / MARKET_PRESS_EVERY_MS,
    MARKET_PRESS_EVERY_MS,
  );
  const result = await figures(page);
  backend.stop();
  await context.close();
  return { ...result, placed: backend.placed };
}

/** Phase B: open orders tab (the pending orders), a stop-loss order key every 800 ms. */
async function openOrdersPhase(browser: Browser, url: string, book: BookSize) {
  const { context, page, backend } = await openDashboard(browser, url, book, 'openOrders');
  await resetFigures(page);
  await pressEvery(page, ['Shift+ArrowUp', 'Shift+ArrowDown'], STOP_LOSS_PRESSES, STOP_LOSS_PRESS_EVERY_MS);
  const result = await figures(page);
  backend.stop();
  await context.close();
  return { ...result, placed: backend.placed };
}

/** Baseline: a bare page whose keydown listener calls fetch directly. */
async function baselinePhase(browser: Browser, url: string): Promise<PageFigures> {
  const context = await browser.newContext();
  await context.route('**/baseline', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>addEventListener('keydown', () => fetch('/order', { method: 'POST' }));</script>`,
    }),
  );
  await context.route('**/order', (route) => route.fulfill({ json: {} }));
  await context.addInitScript(instrumentPageScript());
  const page = await context.newPage();
  await page.goto(`${url}/baseline`);
  await pressEvery(page, ['ArrowUp'], STOP_LOSS_PRESSES, 100);
  const result = await figures(page);
  await context.close();
  return result;
}

/** ', longest N ms' when there were long tasks. */
const longest = (tasks: number[]) => (tasks.length > 0 ? `, longest ${ms(Math.max(...tasks))}` : '');

function report(label: string, delays: number[], baseline?: number[]) {
  const p50 = percentile(delays, 50);
  const p95 = percentile(delays, 95);
  const ratio = baseline ? ` (bare page p95 ${ms(percentile(baseline, 95))})` : '';
  console.log(
    `${label.padEnd(34)} n=${String(delays.length).padStart(3)}  p50 ${ms(p50).padStart(10)}  p95 ${ms(p95).padStart(10)}${ratio}`,
  );
}

/** `--positions N --orders N` (positive whole numbers), defaulting to the 100/200 book. */
function bookFromArgs(): BookSize {
  const { values } = parseArgs({ options: { positions: { type: 'string' }, orders: { type: 'string' } } });
  const count = (value: string | undefined, fallback: number, name: string) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 5000) throw new Error(`--${name} takes a whole number 1..5000`);
    return n;
  };
  return {
    positions: count(values.positions, DEFAULT_BOOK.positions, 'positions'),
    orders: count(values.orders, DEFAULT_BOOK.orders, 'orders'),
  };
}

async function main() {
  const book = bookFromArgs();
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('Build the web app first: npm run build');
  const server = await serveDist(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const login = await routeJsGzipped(browser, `${server.url}/`);
    const dashboard = await routeJsGzipped(browser, `${server.url}/dashboard`, async (context) => {
      await installFakeBackend(context, book);
      await seedSession(context, tradingSettings('positions'));
    });
    const baseline = await baselinePhase(browser, server.url);
    const a = await positionsPhase(browser, server.url, book);
    const b = await openOrdersPhase(browser, server.url, book);
    const baseDelays = pairedDelays(baseline.keys, baseline.requests);
    console.log(
      `UI benchmark: ${book.positions} positions, ${book.orders} pending orders, ${instrumentsFor(book).length} symbols ticking every 100 ms (1920x1080)\n`,
    );
    report('keypress -> request (market, pos.)', pairedDelays(a.keys, a.requests), baseDelays);
    report('keypress -> request (SL, orders)', pairedDelays(b.keys, b.requests), baseDelays);
    report('keypress -> row visible (SL)', pairedDelays(b.keys, b.rows));
    const longTasks = a.longTasks.filter((d) => d > 50);
    console.log(
      `long tasks > 50 ms in ${LONG_TASK_WINDOW_MS / 1000} s (positions tab): ${longTasks.length}${longest(a.longTasks)}`,
    );
    console.log(
      `long tasks > 50 ms (open orders tab, ${(STOP_LOSS_PRESSES * STOP_LOSS_PRESS_EVERY_MS) / 1000} s): ${b.longTasks.filter((d) => d > 50).length}${longest(b.longTasks)}`,
    );
    console.log(
      `requests sent / keys pressed: ${a.requests.length + b.requests.length} / ${a.keys.length + b.keys.length}`,
    );
    console.log(
      `route JS (gzip): login ${kb(login.bytes)} in ${login.files} files; dashboard ${kb(dashboard.bytes)} in ${dashboard.files} files`,
    );
    console.log(
      '\ntargets: keypress->request p95 <= 16 ms; keypress->row p95 <= 150 ms; no long task > 50 ms (also at 300/600);' +
        ' route JS login <= 150 KB gz, dashboard <= 300 KB gz (checked by npm test: bench/route-budget)',
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
