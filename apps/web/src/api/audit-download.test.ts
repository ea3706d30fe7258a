import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useSessionStore } from '../state/session-store';
import { ApiError } from './api-error';
import { downloadDayAudit } from './audit-download';

const fetchMock = vi.fn<typeof fetch>();
const clicked: { href: string; download: string }[] = [];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:audit');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  clicked.length = 0;
  useSessionStore.getState().logout();
});

it("fetches the day's CSV with the session token and saves it under the day's name", async () => {
  useSessionStore.getState().login('raw-token');
  fetchMock.mockResolvedValue(
    new Response('seq,time\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
  );
  await downloadDayAudit('2026-11-24');
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/v1/options-x/audit/day?date=2026-11-24');
  expect(init?.headers).toHaveProperty('Authorization', 'raw-token');
  expect(clicked).toEqual([{ href: 'blob:audit', download: 'x-trader-audit-2026-11-24.csv' }]);
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:audit');
});

it('raises the server message and saves nothing when refused', async () => {
  useSessionStore.getState().login('raw-token');
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ success: false, message: 'date: Expected a date as YYYY-MM-DD' }), {
      status: 400,
    }),
  );
  const error = await downloadDayAudit('bad').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 400, message: 'date: Expected a date as YYYY-MM-DD' });
  expect(clicked).toEqual([]);
});
