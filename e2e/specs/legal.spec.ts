import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNT } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import { type ServerHandle, startServer } from '../support/server-process';

// The legal pages end to end: a dedicated server with the operator's details set (XT_OPERATOR_*), whose terms,
// privacy policy, risk disclosure and contact pages open in a new tab from the login and pricing pages.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const OPERATOR = {
  XT_OPERATOR_LEGAL_NAME: 'Example Fintech Private Limited',
  XT_OPERATOR_ADDRESS: '1 Example Road, Bengaluru 560001',
  XT_OPERATOR_EMAIL: 'support@example.com',
  XT_OPERATOR_PHONE: '+91 80 0000 0000',
  XT_OPERATOR_GRIEVANCE_OFFICER: 'A. Officer',
  XT_OPERATOR_JURISDICTION: 'Bengaluru',
};

const LEGAL_PAGES = [
  { link: 'Terms of Use', path: '/terms', shows: /Courts at Bengaluru have exclusive jurisdiction/ },
  { link: 'Privacy Policy', path: '/privacy', shows: /Grievance Officer, A\. Officer/ },
  { link: 'Risk Disclosure', path: '/risk-disclosure', shows: /9 out of 10 individual traders/ },
  { link: 'Contact', path: '/contact', shows: /1 Example Road, Bengaluru 560001/ },
];

let server: ServerHandle;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'xtrader-e2e-legal-'));
  server = await startServer({ repoRoot, dataDir, env: OPERATOR });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Clicks a link that opens a new tab and returns that tab once its page has loaded. */
async function openInNewTab(page: Page, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  return tab;
}

/** The tab shows the legal page with the operator's details from configuration, and no placeholder. */
async function expectLegalPage(tab: Page, legal: (typeof LEGAL_PAGES)[number]) {
  await expect(tab).toHaveURL(new RegExp(`${legal.path}$`));
  await expect(tab.getByRole('heading', { level: 1, name: legal.link })).toBeVisible();
  await expect(tab.getByText(legal.shows).first()).toBeVisible();
  await expect(tab.getByText('X-Trader is operated by Example Fintech Private Limited.')).toBeVisible();
  await expect(tab.getByText('not configured')).toHaveCount(0);
}

test('each legal page opens from the login page', async ({ page }) => {
  await page.goto(`${server.baseUrl}/`);
  await expect(page.getByRole('heading', { name: 'Log in to continue' })).toBeVisible();
  const legal = page.getByRole('navigation', { name: 'Legal' });
  for (const entry of LEGAL_PAGES) {
    const tab = await openInNewTab(page, () => legal.getByRole('link', { name: entry.link }).click());
    await expectLegalPage(tab, entry);
    if (entry.path === '/risk-disclosure') {
      await tab.screenshot({ path: screenshotPath('legal-risk-disclosure.png'), fullPage: true });
    }
    if (entry.path === '/terms') await tab.screenshot({ path: screenshotPath('legal-terms.png') });
    await tab.close();
  }
  await page.screenshot({ path: screenshotPath('legal-login-links.png') });
});

test('each legal page, and Book a Demo, opens from the pricing page', async ({ page }) => {
  await page.goto(`${server.baseUrl}/`);
  await page.getByLabel('Email or Phone').fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.baseUrl}/subscribe`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

  const legal = page.getByRole('navigation', { name: 'Legal' });
  for (const entry of LEGAL_PAGES) {
    const tab = await openInNewTab(page, () => legal.getByRole('link', { name: entry.link }).click());
    await expectLegalPage(tab, entry);
    await tab.close();
  }

  // No demo-booking page configured: Book a Demo leads to the contact page.
  const contact = await openInNewTab(page, () => page.getByRole('link', { name: 'Book a Demo' }).click());
  await expectLegalPage(contact, LEGAL_PAGES[3] as (typeof LEGAL_PAGES)[number]);
  await expect(contact.getByText(/Write to us at support@example\.com/)).toBeVisible();
  await contact.screenshot({ path: screenshotPath('legal-contact.png'), fullPage: true });
});
