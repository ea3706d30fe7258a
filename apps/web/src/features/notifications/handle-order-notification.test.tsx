import { act, render, screen, within } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOrderActivity } from '../../state/order-activity';
import { setOrderFeedback } from '../../state/order-feedback';
import { handleOrderNotification } from './handle-order-notification';

const feedback = { click: vi.fn(), success: vi.fn(), failure: vi.fn() };
setOrderFeedback(feedback);

afterEach(() => {
  act(() => void toast.dismiss());
  vi.clearAllMocks();
});

const base = {
  timestamp: '2026-11-20T04:30:05.000Z',
  identifier: 'NIFTY 24 NOV 26000 CE',
  quantity: 65,
  averagePrice: 101.35,
};

describe('order notifications', () => {
  it('shows an executed card (time, identifier, green buy, status, qty, avg price) and clears pending; its cue comes from the fill alert', async () => {
    useOrderActivity.setState({ awaitingExecution: 2 });
    render(<Toaster />);
    let handled = false;
    act(() => {
      handled = handleOrderNotification({
        ...base,
        notificationType: 'order_executed',
        transactionType: 'buy',
        status: 'COMPLETE',
        statusMessage: null,
      });
    });
    expect(handled).toBe(true);
    const card = await screen.findByRole('status');
    expect(within(card).getByText('NIFTY 24 NOV 26000 CE')).toBeInTheDocument();
    expect(within(card).getByText('10:00:05 AM')).toBeInTheDocument();
    expect(within(card).getByText('BUY')).toHaveClass('text-buy');
    expect(within(card).getByText('COMPLETE')).toBeInTheDocument();
    expect(within(card).getByText('65')).toBeInTheDocument();
    expect(within(card).getByText('101.35')).toBeInTheDocument();
    // The fill's cue is played by its alert (app/shell/dispatch-notification), not here.
    expect(feedback.success).not.toHaveBeenCalled();
    expect(useOrderActivity.getState().awaitingExecution).toBe(0);
  });

  it('shows a failed card with the red side and the message, and plays failure', async () => {
    render(<Toaster />);
    act(() => {
      handleOrderNotification({
        ...base,
        notificationType: 'order_failed',
        transactionType: 'sell',
        status: 'REJECTED',
        statusMessage: 'Insufficient funds',
      });
    });
    const card = await screen.findByRole('status');
    expect(within(card).getByText('SELL')).toHaveClass('text-sell');
    expect(within(card).getByText('Insufficient funds')).toBeInTheDocument();
    expect(feedback.failure).toHaveBeenCalledTimes(1);
  });

  it('leaves other notifications to other handlers', () => {
    expect(
      handleOrderNotification({
        ...base,
        notificationType: 'profit_protection_triggered',
        transactionType: null,
        status: 'TRIGGERED',
        statusMessage: null,
      }),
    ).toBe(false);
  });

  it('warns when the server stopped trailing an order', async () => {
    render(<Toaster />);
    const message = 'Trailing stopped: ZERODHA allows 25 modifications per order, and all were used.';
    let handled = false;
    act(() => {
      handled = handleOrderNotification({
        ...base,
        notificationType: 'trailing_stopped',
        transactionType: 'sell',
        status: 'TRAILING STOPPED',
        statusMessage: message,
      });
    });
    expect(handled).toBe(true);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('warns, until dismissed, that trailing or profit protection paused on stale prices', async () => {
    render(<Toaster />);
    const message = 'Profit protection paused: prices are stale (last tick 12 s ago) (NIFTY26N2426000CE)';
    let handled = false;
    act(() => {
      handled = handleOrderNotification({
        ...base,
        notificationType: 'automation_paused',
        transactionType: null,
        status: 'PROFIT PROTECTION PAUSED',
        statusMessage: message,
      });
    });
    expect(handled).toBe(true);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('alerts loudly, until dismissed, when the broker ended a protective order', async () => {
    render(<Toaster />);
    const message =
      'The broker ended your stop-loss on NIFTY 24 NOV 26000 CE (RMS: price outside the band). X-Trader now holds the stop and sends a market order when the price reaches its trigger.';
    let handled = false;
    act(() => {
      handled = handleOrderNotification({
        ...base,
        notificationType: 'protection_lost',
        transactionType: 'sell',
        status: 'STOP HELD BY X-TRADER',
        statusMessage: message,
      });
    });
    expect(handled).toBe(true);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(feedback.failure).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /close/i })).toBeInTheDocument();
  });

  it('tells of follow-on orders waiting for repair and then placed, without a fill cue or clearing the pending state', async () => {
    useOrderActivity.setState({ awaitingExecution: 1 });
    render(<Toaster />);
    const waiting = 'Protective orders for NIFTY 24 NOV 26000 CE could not be placed yet; retrying';
    const placed = 'Protective orders for NIFTY 24 NOV 26000 CE are placed';
    act(() => {
      handleOrderNotification({
        ...base,
        notificationType: 'orders_repair',
        transactionType: 'buy',
        quantity: null,
        averagePrice: null,
        status: 'RETRYING',
        statusMessage: waiting,
      });
    });
    expect(await screen.findByText(waiting)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /close/i })).toBeInTheDocument();
    act(() => {
      handleOrderNotification({
        ...base,
        notificationType: 'orders_repair',
        transactionType: 'buy',
        quantity: null,
        averagePrice: null,
        status: 'PLACED',
        statusMessage: placed,
      });
    });
    expect(await screen.findByText(placed)).toBeInTheDocument();
    expect(feedback.success).not.toHaveBeenCalled();
    expect(feedback.failure).not.toHaveBeenCalled();
    expect(useOrderActivity.getState().awaitingExecution).toBe(1);
  });
});
