import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { practiceReload } from './practice-requests';
import { ReplayControl } from './replay-dialog';

vi.setConfig({ testTimeout: 20_000 });

const user = (activeBroker: string | null) => ({
  user: { id: 'u1', name: 'Asha', email: 'a@b.in', phone: '9876543210', activeBroker, clientId: null },
});
const DAYS = [
  { id: 'sim@2026-11-23', day: '2026-11-23', kind: 'simulated', ticks: 1200 },
  { id: 'sample@2026-11-18', day: '2026-11-18', kind: 'sample', ticks: 114046 },
];
const running = {
  id: 'sample@2026-11-18',
  day: '2026-11-18',
  speed: 5,
  paused: false,
  finished: false,
  now: 0,
};

let calls: ReturnType<typeof mockApi>;
let replay: typeof running | null = null;
let activeBroker: string | null = 'PAPERTRADE';
beforeEach(() => {
  replay = null;
  activeBroker = 'PAPERTRADE';
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.spyOn(practiceReload, 'reload').mockImplementation(() => {});
  calls = mockApi({
    'GET /auth/getUserInfo': () => ok(user(activeBroker)),
    'GET /practice/replay/days': () => ok({ days: DAYS }),
    'GET /practice/replay': () => ok({ replay }),
    'POST /practice/replay': () => ok({ replay: running }),
    'POST /practice/replay/pause': () => {
      replay = replay && { ...replay, paused: true };
      return ok({ replay });
    },
    'DELETE /practice/replay': () => ok({ replay: null }),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('session replay control', () => {
  it('is offered in Practice Mode only', async () => {
    activeBroker = 'ZERODHA';
    renderWithQueryClient(<ReplayControl />);
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/getUserInfo')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Session replay' })).toBeNull();
  });

  it('starts the picked day at the picked speed, then reloads onto it', async () => {
    renderWithQueryClient(<ReplayControl />);
    await userEvent.click(await screen.findByRole('button', { name: 'Session replay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session replay' });
    const day = within(dialog).getByLabelText('Day');
    await waitFor(() => expect(day).toHaveValue('sim@2026-11-23'));
    expect(within(dialog).getByRole('option', { name: /2026-11-18 \(sample day/ })).toBeInTheDocument();
    await userEvent.selectOptions(day, 'sample@2026-11-18');
    await userEvent.click(within(dialog).getByRole('button', { name: '5x' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start replay' }));
    await waitFor(() => expect(practiceReload.reload).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/practice/replay')?.body).toEqual({
      day: 'sample@2026-11-18',
      speed: 5,
    });
  });

  it('shows the running replay with Pause and Stop', async () => {
    replay = running;
    renderWithQueryClient(<ReplayControl />);
    await userEvent.click(await screen.findByRole('button', { name: 'Session replay' }));
    const panel = await screen.findByTestId('replay-running');
    expect(panel).toHaveTextContent('Replay 2026-11-18 5x');
    await userEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(screen.getByTestId('replay-running')).toHaveTextContent('Replay 2026-11-18 5x paused'),
    );
    await userEvent.click(within(screen.getByTestId('replay-running')).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(practiceReload.reload).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/practice/replay')).toBe(true);
  });
});
