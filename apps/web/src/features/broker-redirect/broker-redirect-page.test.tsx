import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tradingKeys } from '../../api/query-keys';
import { startSession } from '../../api/session';
import { liveAccessToken } from '../../test/fake-token';
import { type ApiCall, fail, mockApi, ok } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

let calls: ApiCall[];
const user = {
  id: 'u1',
  name: 'A',
  email: 'a@b.in',
  phone: '9876543210',
  activeBroker: null,
  clientId: null,
};

beforeEach(() => {
  startSession(liveAccessToken());
});
afterEach(() => {
  act(() => void toast.dismiss());
  vi.unstubAllGlobals();
});

const callbacks = () => calls.filter((c) => c.method === 'POST');

describe('/redirect/:broker', () => {
  it('posts the Zerodha request token once, refreshes broker info and opens the dashboard', async () => {
    calls = mockApi({
      'POST /broker/request-token/zerodha': () =>
        ok({ broker: 'ZERODHA', clientId: 'AB1234', tradingAvailable: true }, 'Zerodha connected'),
      'GET /auth/getUserInfo': () => ok({ user }),
    });
    const { router, queryClient } = renderRoute(
      '/redirect/zerodha?action=login&type=login&status=success&request_token=rt1',
    );
    queryClient.setQueryData(tradingKeys.userInfo, { user });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callbacks()).toEqual([
      expect.objectContaining({ path: '/broker/request-token/zerodha', body: { requestToken: 'rt1' } }),
    ]);
    // userInfo was cached as never stale: only the invalidation after the login makes it load again.
    const posted = calls.findIndex((c) => c.method === 'POST');
    await waitFor(() =>
      expect(calls.slice(posted).some((c) => c.method === 'GET' && c.path === '/auth/getUserInfo')).toBe(
        true,
      ),
    );
  });

  it("shows 'Failed: something went wrong' when Kite says the login did not succeed, and posts nothing", async () => {
    calls = mockApi({});
    const { router } = renderRoute('/redirect/zerodha?status=cancelled');
    expect(await screen.findByText('Failed: something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callbacks()).toEqual([]);
  });

  it('shows the server message when the exchange fails', async () => {
    calls = mockApi({
      'POST /broker/save/iifl': () => fail(400, 'IIFL login failed: Invalid checksum or auth code'),
    });
    renderRoute('/redirect/iifl?authCode=x&clientId=1');
    expect(await screen.findByText('IIFL login failed: Invalid checksum or auth code')).toBeInTheDocument();
  });

  it('tells the user when the broker login was stored but trading through it is not available yet', async () => {
    calls = mockApi({
      'POST /broker/code/upstox': () =>
        ok(
          { broker: 'UPSTOX', clientId: null, tradingAvailable: false },
          'UPSTOX login saved. Trading through UPSTOX is not available yet.',
        ),
    });
    const { router } = renderRoute('/redirect/upstox?code=c1');
    expect(
      await screen.findByText('UPSTOX login saved. Trading through UPSTOX is not available yet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
