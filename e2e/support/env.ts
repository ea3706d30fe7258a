/** Set by global-setup in the runner, inherited by the workers. */
export const BASE_URL_ENV = 'XT_E2E_BASE_URL';

export function e2eBaseUrl(): string {
  const url = process.env[BASE_URL_ENV];
  if (!url) throw new Error(`${BASE_URL_ENV} is unset: run the specs through playwright.config.ts`);
  return url;
}
