import { type APIRequestContext, expect } from '@playwright/test';

export const API = '/v1/options-x';

/** An authenticated JSON call that must succeed; returns `data`. */
export async function call<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`${API}${path}`, {
    method,
    headers: { authorization: token },
    ...(body === undefined ? {} : { data: body }),
  });
  const json = (await response.json()) as { message: string; data?: T };
  expect(response.ok(), `${method} ${path}: ${response.status()} ${json.message}`).toBe(true);
  return json.data as T;
}
