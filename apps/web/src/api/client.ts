import { API_BASE } from '@xtrader/core/api/base-path';
import { useSessionStore } from '../state/session-store';
import { ApiError } from './api-error';

/** Anything with zod's `parse` (every core schema); keeps the client independent of zod's types. */
type Parser<T> = { parse: (input: unknown) => T };

export type ApiResponse<T> = { message: string; data: T };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions<T> = {
  body?: unknown;
  /** Validates `data` of the envelope; without it `data` is `unknown`. */
  data?: Parser<T>;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

let unauthorizedHandler: () => void = () => {};

/** The one 401 interceptor: called when a request that carried a token is refused as unauthorised. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends one request to `/v1/options-x<path>` and returns the envelope's message and parsed data. */
export async function request<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const token = useSessionStore.getState().user?.accessToken;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  const response = await fetch(buildUrl(path, options.query), init);
  const body = await readBody(response);
  if (!response.ok) throw refusal(response.status, body, token);
  return parseEnvelope(response.status, body, options.data);
}

/** The error of a refused request; a refused token also goes to the 401 interceptor. */
function refusal(status: number, body: unknown, token: string | undefined): ApiError {
  if (status === 401 && token) unauthorizedHandler();
  const message = (body as { message?: unknown } | null)?.message;
  return new ApiError(status, body, typeof message === 'string' ? message : `HTTP ${status}`);
}

/** GETs a file (a download, not an envelope) with the session's token; a refusal raises ApiError as `request` does. */
export async function requestFile(path: string, query?: RequestOptions<unknown>['query']): Promise<Blob> {
  const token = useSessionStore.getState().user?.accessToken;
  const headers: Record<string, string> = token ? { Authorization: token } : {};
  const response = await fetch(buildUrl(path, query), { method: 'GET', headers });
  if (!response.ok) throw refusal(response.status, await readBody(response), token);
  return response.blob();
}

type AnyEnvelope = { success: boolean; message: string; data?: unknown };

/**
 * The core envelope's shape, checked by hand rather than with its zod schema: every route calls this, and zod
 * would then weigh on the login route's JavaScript, which needs no other schema.
 */
function readEnvelope(body: unknown): AnyEnvelope {
  const candidate = body as Partial<AnyEnvelope> | null;
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate))
    throw new Error('not an envelope');
  if (typeof candidate.success !== 'boolean' || typeof candidate.message !== 'string')
    throw new Error('not an envelope');
  return candidate as AnyEnvelope;
}

function parseEnvelope<T>(status: number, body: unknown, data: Parser<T> | undefined): ApiResponse<T> {
  try {
    const envelope = readEnvelope(body);
    if (!envelope.success) throw new ApiError(status, body, envelope.message);
    return { message: envelope.message, data: (data ? data.parse(envelope.data) : envelope.data) as T };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(status, body, 'Unexpected response from the server');
  }
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('DELETE', path, { ...options, body }),
};
