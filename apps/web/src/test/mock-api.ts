import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
/** Keyed 'POST /auth/login' (path after /v1/options-x, without the query string). */
export type Routes = Record<string, (body: unknown) => Reply>;

export type ApiCall = { method: string; path: string; body: unknown; headers: Record<string, string> };

/** Replaces fetch with a fake API; unknown routes answer 404. Returns the list of calls made. */
export function mockApi(routes: Routes): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = input.replace('/v1/options-x', '').split('?')[0] ?? '';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = routes[`${method} ${path}`];
    const reply = handler
      ? await handler(body)
      : { status: 404, body: { success: false, message: 'not found' } };
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
    });
  });
  return calls;
}

export const ok = (data?: unknown, message = 'success') => ({
  status: 200,
  body: { success: true, message, data },
});
export const fail = (status: number, message: string) => ({ status, body: { success: false, message } });

/** A reply that stays pending until `release` is called, to observe in-flight states. */
export function deferred() {
  let release: (reply: { status?: number; body?: unknown }) => void = () => {};
  const promise = new Promise<{ status?: number; body?: unknown }>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
