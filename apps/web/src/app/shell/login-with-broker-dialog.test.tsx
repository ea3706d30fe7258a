import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fail, mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { brokerRedirect } from './broker-login-requests';
import { LoginWithBrokerDialog } from './login-with-broker-dialog';

// The Login With Broker dialog and its switch to the Add Zerodha Account form.

let calls: ApiCall[];
let go: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  go = vi.fn<(url: string) => void>();
  vi.spyOn(brokerRedirect, 'go').mockImplementation(go);
});
afterEach(() => {
  act(() => void toast.dismiss());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open() {
  renderWithQueryClient(
    <>
      <LoginWithBrokerDialog open onOpenChange={() => {}} />
      <Toaster />
    </>,
  );
}

describe('Login With Broker', () => {
  it('sends the browser to the Kite login when credentials are stored', async () => {
    calls = mockApi({
      'GET /broker/login/zerodha': () => ok({ url: 'https://kite.example/connect/login?v=3' }),
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Zerodha' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://kite.example/connect/login?v=3'));
  });

  it("switches to the Add Zerodha Account form on 'cannot find credentials', with copyable URLs", async () => {
    let stored = false;
    calls = mockApi({
      'GET /broker/login/zerodha': () =>
        stored ? ok({ url: 'https://kite.example/login' }) : fail(400, 'cannot find credentials'),
      'POST /broker/add/zerodha': () => {
        stored = true;
        return ok({}, 'Zerodha account added');
      },
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Zerodha' }));
    expect(await screen.findByRole('heading', { name: 'Add Zerodha Account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postback URL' })).toHaveValue(
      `${window.location.origin}/v1/options-x/broker/postback/zerodha`,
    );
    expect(screen.getByRole('textbox', { name: 'Redirect URL' })).toHaveValue(
      `${window.location.origin}/redirect/zerodha`,
    );
    expect(screen.getByRole('button', { name: 'Copy Postback URL' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Kite Connect app/ })).toHaveAttribute(
      'href',
      expect.stringContaining('kite.trade'),
    );
    await userEvent.type(screen.getByLabelText('API Key'), 'key1');
    await userEvent.type(screen.getByLabelText('API Secret'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Zerodha Account' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://kite.example/login'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ apiKey: 'key1', apiSecret: 'secret1' });
  });

  it.each([
    ['without a message', { status: 502, body: '' }, 'Failed: something went wrong'],
    ['with the server message', fail(400, 'apiSecret: Too small'), 'ApiSecret: Too small'],
  ])('toasts a failed add %s', async (_case, reply, shown) => {
    calls = mockApi({
      'GET /broker/login/zerodha': () => fail(400, 'cannot find credentials'),
      'POST /broker/add/zerodha': () => reply,
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Zerodha' }));
    await userEvent.type(await screen.findByLabelText('API Key'), 'k');
    await userEvent.type(screen.getByLabelText('API Secret'), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Add Zerodha Account' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it("goes to the IIFL login, or toasts 'Something went wrong!'", async () => {
    calls = mockApi({ 'GET /broker/login/iifl': () => ({ status: 500, body: '' }) });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'IIFL' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('offers all nine brokers; each one leaves for its own login page', async () => {
    calls = mockApi({
      'GET /broker/login/upstox': () => ok({ url: 'https://upstox.example/login/authorization/dialog' }),
      'GET /broker/login/vortex': () => ok({ url: 'https://flow.rupeezy.example/?applicationId=x' }),
    });
    open();
    const names = [
      'Zerodha',
      'Upstox',
      'Angel One',
      'Dhan',
      'Fyers',
      'IIFL',
      'Flattrade',
      'AliceBlue',
      'Rupeezy',
    ];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upstox' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://upstox.example/login/authorization/dialog'));
    await userEvent.click(screen.getByRole('button', { name: 'Rupeezy' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://flow.rupeezy.example/?applicationId=x'));
  });

  it("toasts the server's reason when a broker is not set up on this server", async () => {
    calls = mockApi({
      'GET /broker/login/dhan': () => fail(503, 'Dhan login is not available on this server'),
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Dhan' }));
    expect(await screen.findByText('Dhan login is not available on this server')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('expands the Open Demat Account links', async () => {
    calls = mockApi({});
    open();
    const toggle = screen.getByRole('button', { name: 'Open Demat Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Open a Zerodha account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a Rupeezy account' })).toHaveAttribute(
      'href',
      'https://rupeezy.in/open-demat-account',
    );
    expect(screen.getAllByRole('link', { name: /^Open a .* account$/ })).toHaveLength(9);
  });
});
