import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSessionStore } from '../state/session-store';
import { ApiError } from './api-error';
import { api } from './client';
import { queryClient } from './query-client';
import { setGoHome } from './session';
import { errorToastText } from './toast-error';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('API client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const goHome = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setGoHome(goHome);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    goHome.mockReset();
    useSessionStore.getState().logout();
  });

  it('calls the versioned base path with the raw token and returns the parsed data', async () => {
    useSessionStore.getState().login('raw-token');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok', data: { count: 2 } }));
    const result = await api.post('/auth/thing', { a: 1 }, { data: z.object({ count: z.number() }) });
    expect(result).toEqual({ message: 'ok', data: { count: 2 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/options-x/auth/thing');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toHaveProperty('Authorization', 'raw-token');
  });

  it('adds query parameters and sends no Authorization header without a session', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok' }));
    await api.get('/instruments/search', { query: { page: 0, limit: 20, skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/options-x/instruments/search?page=0&limit=20');
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('raises ApiError with status, parsed body and the server message on a non-OK response', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { success: false, message: 'phone: must be 10 digits' }));
    const error = await api.post('/auth/otp', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'phone: must be 10 digits' });
    expect((error as ApiError).body).toEqual({ success: false, message: 'phone: must be 10 digits' });
  });

  it('raises ApiError for an OK response whose body is not an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 200, body: '<html>' });
  });

  it('raises ApiError when the data does not match its schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok', data: { count: 'two' } }));
    await expect(api.get('/x', { data: z.object({ count: z.number() }) })).rejects.toBeInstanceOf(ApiError);
  });

  it('logs out on a 401 of an authenticated call: store and cache cleared, back to /', async () => {
    useSessionStore.getState().login('revoked-token');
    queryClient.setQueryData(['positions'], [1, 2, 3]);
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'token revoked' }));
    await expect(api.get('/portfolio/positions')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().user).toBeNull();
    expect(queryClient.getQueryData(['positions'])).toBeUndefined();
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it('does not treat a 401 of an anonymous call (wrong password) as a logout', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'invalid credentials' }));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(goHome).not.toHaveBeenCalled();
  });
});

describe('errorToastText', () => {
  it('capitalises the first letter of the server message and keeps its abbreviations', () => {
    const error = new ApiError(400, { success: false, message: 'invalid OTP, IIFL said no' }, 'x');
    expect(errorToastText(error, 'Login failed')).toBe('Invalid OTP, IIFL said no');
  });

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['an error body without a message', new ApiError(500, null, 'HTTP 500')],
  ])('falls back to the title for %s', (_label, error) => {
    expect(errorToastText(error, 'Place order failed!')).toBe('Place order failed!');
  });
});
