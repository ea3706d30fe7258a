import { expect, type Page, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import { practiceTrader, pressOrderKey, releasePinnedPrices, serverQuantity } from './dashboard-support';

test.afterEach(({ request }) => releasePinnedPrices(request));

type Recorded = {
  alerts: { kind: string; sound: boolean; notified: boolean }[];
  notes: string[];
  cues: string[];
};

/**
 * Records, in the page, every alert raised (the app's `xt:alert` event), every browser notification constructed and
 * every cue file played; and lets the spec mark the tab hidden, as when the trader switched to another window.
 */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = { alerts: [] as unknown[], notes: [] as string[], cues: [] as string[] };
    (window as unknown as { __recorded: typeof recorded }).__recorded = recorded;
    window.addEventListener('xt:alert', (event) => recorded.alerts.push((event as CustomEvent).detail));
    const Original = window.Notification;
    class Recording extends Original {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        recorded.notes.push(`${title}|${options?.body ?? ''}`);
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recording, configurable: true });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      recorded.cues.push(this.src);
      return play.call(this).catch(() => undefined);
    };
    (window as unknown as { __hide: () => void }).__hide = () => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    };
  });
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __recorded: Recorded }).__recorded);

async function openAlertSettings(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'User Settings' });
  await settings.getByRole('heading', { name: 'Alerts' }).scrollIntoViewIfNeeded();
  return settings;
}

test.describe('alerts', () => {
  test('toggles persist; a fill plays the fill cue and shows a browser notification while the tab is hidden', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.context().grantPermissions(['notifications']);
    await recordAlerts(page);
    const { token, config, pin } = await practiceTrader(page, request, 'alerts');
    // The key below buys the call the configuration bar chose.
    await pin(config.callTradingSymbol, 100);

    let settings = await openAlertSettings(page);
    const stopSound = settings.getByRole('checkbox', { name: 'Stop-loss triggered sound' });
    const feedNotify = settings.getByRole('checkbox', { name: 'Price feed trouble notify' });
    const browser = settings.getByRole('checkbox', { name: 'Browser notifications' });
    await expect(settings.getByRole('checkbox', { name: 'Order fills sound' })).toBeChecked();
    await expect(stopSound).not.toBeChecked();
    await expect(browser).not.toBeChecked();
    await stopSound.click();
    await feedNotify.click();
    await browser.click();
    await expect(browser).toBeChecked();
    await expect(settings.getByText('Telegram alerts are not set up on this server.')).toBeVisible();
    await browser.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('alerts-settings-dark.png') });
    await settings.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('User settings updated!')).toBeVisible();

    // Saved on the server: a reload reads them back.
    await page.reload();
    settings = await openAlertSettings(page);
    await expect(settings.getByRole('checkbox', { name: 'Stop-loss triggered sound' })).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: 'Price feed trouble notify' })).not.toBeChecked();
    await expect(settings.getByRole('checkbox', { name: 'Browser notifications' })).toBeChecked();
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    settings = await openAlertSettings(page);
    await settings.getByRole('checkbox', { name: 'Browser notifications' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('alerts-settings-light.png') });
    await settings.getByRole('button', { name: 'Cancel' }).click();

    // The trader looks away; a market buy fills.
    await page.evaluate(() => (window as unknown as { __hide: () => void }).__hide());
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
    await expect
      .poll(async () => (await recorded(page)).alerts, { timeout: 15_000 })
      .toContainEqual({
        kind: 'fill',
        sound: true,
        notified: true,
      });
    const seen = await recorded(page);
    expect(seen.cues.some((src) => src.endsWith('/sounds/order-success.wav'))).toBe(true);
    expect(seen.notes.some((note) => note.startsWith('X-Trader: Order fills|Filled: BUY'))).toBe(true);
  });
});
