import { readFileSync } from 'node:fs';

/** The server package version, reported by the health check. */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
