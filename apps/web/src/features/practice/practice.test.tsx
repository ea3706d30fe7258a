import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoQuery } from '../../api/account-queries';
import { fail, mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { BrokerStatusCard } from './broker-status-card';
import { PracticeModeSwitch } from './practice-mode-switch';
import { practiceReload } from './practice-requests';

vi.setConfig({ testTimeout: 20_000 });

const userWith = (activeBroker: string | null) => ({
  user: {
    id: 'u1',
    name: 'Asha',
    email: 'a@b.in',
    phone: '9876543210',
    activeBroker,
    clientId: activeBroker ? 'PT1001' : null,
  },
});

let calls: ReturnType<typeof mockApi>;
let broker: string | null = null;
/** The Practice Mode source GET /market/feed reports. */
let practiceOrigin: { source: string; broker: string | null; vendor: string | null } | null = null;
beforeEach(() => {
  practiceOrigin = null;
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.spyOn(practiceReload, 'reload').mockImplementation(() => {});
  calls = mockApi({
    'GET /auth/getUserInfo': () => ok(userWith(broker)),
    'GET /market/feed': () =>
      ok({
        source: 'simulated',
        broker: null,
        vendor: null,
        view: 'live',
        state: 'simulated',
        symbol: null,
        lastTickAt: null,
        now: Date.now(),
        delayMs: 0,
        staleAfterMs: 3000,
        tokenExpiresAt: null,
        practice: practiceOrigin,
      }),
    'POST /broker/papertrading/start': () => ok(),
    'POST /broker/papertrading/stop': () => ok(),
    'PUT /broker/resetFunds/papertrade': () => ok(),
    'POST /broker/reconnect': () => fail(502, ''),
    'GET /broker/status': () =>
      ok({
        broker,
        clientId: broker ? 'PT1001' : null,
        state: broker === 'PAPERTRADE' ? 'practice' : 'connected',
        expiresAt: null,
        updates: 'live',
        canSubscribeUpdates: broker === 'IIFL',
        updateChannel: broker === 'IIFL' ? 'polling' : null,
      }),
  });
});
afterEach(() => {
  act(() => void toast.dismiss());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Renders with the user's active broker as GET /auth/getUserInfo reports it, once that has loaded. */
async function renderWith(ui: React.ReactNode, activeBroker: string | null) {
  broker = activeBroker;
  const view = renderWithQueryClient(
    <>
      {ui}
      <Toaster />
    </>,
  );
  await waitFor(() => expect(view.queryClient.getQueryData(userInfoQuery.queryKey)).toBeDefined());
  calls.length = 0;
  return view;
}

describe('Practice Mode switch', () => {
  it("asks 'Start Practice Mode ?' first, then starts and reloads", async () => {
    await renderWith(<PracticeModeSwitch />, null);
    await userEvent.click(screen.getByRole('switch', { name: 'Practice Mode' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Start Practice Mode ?');
    expect(dialog).toHaveTextContent('Trade with virtual money & data delayed by 5 seconds');
    // Practice prices are the simulator's, and the dialog says so.
    expect(dialog).toHaveTextContent('Simulated prices');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(practiceReload.reload).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/broker/papertrading/start',
    });
  });

  it("names the platform feed's prices as those Practice Mode will use, delayed", async () => {
    practiceOrigin = { source: 'platform', broker: null, vendor: 'TrueData' };
    await renderWith(<PracticeModeSwitch />, null);
    await userEvent.click(screen.getByRole('switch', { name: 'Practice Mode' }));
    await waitFor(() =>
      expect(screen.getByRole('alertdialog')).toHaveTextContent('TrueData prices, 5 s delayed.'),
    );
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('Simulated');
  });

  it('does nothing when the confirmation is cancelled', async () => {
    await renderWith(<PracticeModeSwitch />, null);
    await userEvent.click(screen.getByRole('switch', { name: 'Practice Mode' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    expect(practiceReload.reload).not.toHaveBeenCalled();
  });

  it('stops without asking, clears cached data and reloads', async () => {
    const { queryClient } = await renderWith(<PracticeModeSwitch />, 'PAPERTRADE');
    const clear = vi.spyOn(queryClient, 'clear');
    expect(screen.getByRole('switch', { name: 'Practice Mode' })).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Practice Mode' }));
    await waitFor(() => expect(practiceReload.reload).toHaveBeenCalledTimes(1));
    expect(calls[0]).toMatchObject({ path: '/broker/papertrading/stop' });
    expect(clear).toHaveBeenCalledTimes(1);
    expect(clear.mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(practiceReload.reload).mock.invocationCallOrder[0]!,
    );
  });
});

describe('broker status card', () => {
  it('offers Reset Funds and Trade with Broker only in Practice Mode', async () => {
    const onTrade = vi.fn();
    await renderWith(<BrokerStatusCard onTradeWithBroker={onTrade} />, 'PAPERTRADE');
    await userEvent.hover(screen.getByRole('button', { name: 'Paper Trading' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Funds' }));
    // Resetting wipes every Practice position and order: it asks first, and Cancel sends nothing.
    const ask = await screen.findByRole('alertdialog', { name: 'Reset Funds' });
    expect(ask).toHaveTextContent('positions, orders and order history');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.path === '/broker/resetFunds/papertrade')).toHaveLength(0);
    await userEvent.hover(screen.getByRole('button', { name: 'Paper Trading' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Funds' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset Funds' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset Funds' }));
    expect(await screen.findByText('Your account funds has been reset!')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/broker/resetFunds/papertrade')).toHaveLength(1);
    await userEvent.hover(screen.getByRole('button', { name: 'Paper Trading' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Trade with Broker' }));
    expect(onTrade).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Subscribe Updates' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to reconnect to broker' when reconnecting fails, and Subscribe Updates only for IIFL", async () => {
    await renderWith(<BrokerStatusCard onTradeWithBroker={() => {}} />, 'IIFL');
    await userEvent.hover(screen.getByRole('button', { name: 'IIFL' }));
    expect(await screen.findByRole('button', { name: 'Subscribe Updates' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Funds' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByText('Failed to reconnect to broker')).toBeInTheDocument();
  });
});
