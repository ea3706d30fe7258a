import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

/** Where a spec saves a named screenshot for humans to look at (e2e/screenshots/<name>). */
export const screenshotPath = (name: string) => path.join(SCREENSHOT_DIR, name);
