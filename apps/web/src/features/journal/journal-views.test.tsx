import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalExecution, JournalTrade } from '@xtrader/core/api/journal';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { ExecutionHud } from './execution-hud';
import { TradesTable } from './journal-tables';

// The HUD's figures of the last order, and a trade's note and tags edited in place and saved on the server.

const trade: JournalTrade = {
  tradeId: 'XT1',
  tradingSymbol: 'NIFTY26D0126000CE',
  direction: 'long',
  quantity: 65,
  openQuantity: 0,
  entryPrice: 100.05,
  exitPrice: 100.95,
  openedAt: 0,
  closedAt: 1000,
  gross: 58.5,
  charges: 62.83,
  net: -4.33,
  orderIds: ['XT1', 'XT2'],
  note: '',
  tags: [],
};

const execution: JournalExecution = {
  orderId: 'XT2',
  tradingSymbol: trade.tradingSymbol,
  side: 'sell',
  quantity: 65,
  filledQuantity: 65,
  shownPrice: 101,
  fillPrice: 100.95,
  pressedAt: 0,
  receivedAt: 10,
  ackAt: 16,
  firstFillAt: 16,
  lastFillAt: 16,
  latencies: { keyToRequestMs: 2, requestToAckMs: 6, ackToFillMs: 0, keyToAckMs: 8, keyToFillMs: 8 },
  slippage: { perUnit: -0.05, ticks: -1 },
};

let saved: unknown[] = [];
beforeEach(() => {
  saved = [];
  mockApi({
    'GET /journal/latest': () => ok({ execution }),
    'PUT /journal/notes/XT1': (body) => {
      saved.push(body);
      return ok({}, 'Note saved');
    },
    'PUT /journal/notes/XT9': () => fail(404, 'No trade XT9'),
  });
});
afterEach(() => {
  act(() => void toast.dismiss());
  vi.unstubAllGlobals();
});

it('shows the last order: key to ack, key to fill and signed slippage', async () => {
  renderWithQueryClient(<ExecutionHud />);
  const hud = screen.getByRole('region', { name: 'Last order execution' });
  await waitFor(() => expect(hud).toHaveTextContent('-0.05 (-1 tick)'));
  expect(within(hud).getByTitle(/acknowledgement/)).toHaveTextContent('8 ms');
  expect(within(hud).getByTitle(/first fill/)).toHaveTextContent('8 ms');
});

it('edits a trade note and tags in place and saves them', async () => {
  renderWithQueryClient(
    <>
      <TradesTable trades={[trade]} />
      <Toaster />
    </>,
  );
  await userEvent.click(screen.getByRole('button', { name: `Edit notes of ${trade.tradingSymbol}` }));
  const form = screen.getByRole('form', { name: `Notes of ${trade.tradingSymbol}` });
  await userEvent.type(within(form).getByLabelText('Tags'), 'breakout, A+');
  await userEvent.type(within(form).getByLabelText('Note'), 'Clean entry');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saved).toEqual([{ note: 'Clean entry', tags: ['breakout', 'A+'] }]));
  await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
});

it('closes the editor on Escape without saving, and toasts a refused save', async () => {
  renderWithQueryClient(
    <>
      <TradesTable trades={[trade, { ...trade, tradeId: 'XT9', tradingSymbol: 'OTHER' }]} />
      <Toaster />
    </>,
  );
  await userEvent.click(screen.getByRole('button', { name: `Edit notes of ${trade.tradingSymbol}` }));
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('form')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Edit notes of OTHER' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('No trade XT9')).toBeInTheDocument();
  expect(saved).toEqual([]);
});
