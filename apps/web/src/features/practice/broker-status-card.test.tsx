import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { BrokerStatusCard } from './broker-status-card';
import { brokerStatusQuery } from './broker-status-query';

// The hover card with GET /broker/status: connected or expired, client id, order updates, log in again.

const user = {
  id: 'u1',
  name: 'A',
  email: 'a@b.in',
  phone: '9876543210',
  activeBroker: 'ZERODHA',
  clientId: 'AB1234',
};
const status = (state: 'connected' | 'expired', updates: 'live' | 'reconnecting' | 'off') => ({
  broker: 'ZERODHA',
  clientId: 'AB1234',
  state,
  expiresAt: null as number | null,
  updates,
  canSubscribeUpdates: false,
  updateChannel: 'stream' as 'stream' | 'postback' | 'polling' | null,
});
let shownUser = user;

let current = status('connected', 'live');
beforeEach(() => {
  shownUser = user;
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  mockApi({
    'GET /auth/getUserInfo': () => ok({ user: shownUser }),
    'GET /broker/status': () => ok(current),
    'POST /broker/reconnect': () => ok({}, 'ok'),
  });
});
afterEach(() => {
  act(() => void toast.dismiss());
  vi.unstubAllGlobals();
});

async function open(onTrade = vi.fn(), name = 'Zerodha') {
  const view = renderWithQueryClient(
    <>
      <BrokerStatusCard onTradeWithBroker={onTrade} />
      <Toaster />
    </>,
  );
  await waitFor(() => expect(view.queryClient.getQueryData(brokerStatusQuery.queryKey)).toBeDefined());
  await userEvent.hover(await screen.findByRole('button', { name }));
  return onTrade;
}

it('shows a connected Zerodha session with its client id and live order updates', async () => {
  current = status('connected', 'live');
  await open();
  expect(await screen.findByText('Connected')).toBeInTheDocument();
  expect(screen.getByText('AB1234')).toBeInTheDocument();
  expect(screen.getByText('Live (stream)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
});

it('names a plugged broker, shows when its session ends and how updates arrive, and offers Subscribe Updates', async () => {
  shownUser = { ...user, activeBroker: 'ANGELONE', clientId: 'A123' };
  current = {
    ...status('connected', 'live'),
    broker: 'ANGELONE',
    clientId: 'A123',
    expiresAt: Date.UTC(2026, 10, 24, 18, 30), // midnight IST
    canSubscribeUpdates: true,
    updateChannel: 'polling',
  };
  await open(vi.fn(), 'Angel One');
  expect(await screen.findByText('Live (order book every 2 s)')).toBeInTheDocument();
  expect(screen.getByText('Session ends')).toBeInTheDocument();
  expect(screen.getByText(/25 Nov.*00:00/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Subscribe Updates' })).toBeInTheDocument();
});

it('shows an expired session and offers to log in again instead of reconnecting', async () => {
  current = status('expired', 'off');
  const onTrade = await open();
  expect(await screen.findByText('Session expired')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Log in again' }));
  expect(onTrade).toHaveBeenCalled();
});
