import { existsSync } from 'node:fs';

/** Never downloaded: the Debian package, or whatever CHROMIUM_PATH points at. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails fast, naming the fix, instead of a cryptic launch error in every spec. */
export function assertChromiumInstalled(): void {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it with \`apt-get install -y chromium\` ` +
        '(or point CHROMIUM_PATH at a Chromium binary). Playwright browsers are never downloaded.',
    );
  }
}
