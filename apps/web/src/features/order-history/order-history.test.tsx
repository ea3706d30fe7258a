import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { orderFixture } from '../../test/trading-fixtures';
import { OrderHistory } from './order-history';

vi.setConfig({ testTimeout: 30_000 });

const many = (count: number, status: 'complete' | 'cancelled') =>
  Array.from({ length: count }, (_, i) =>
    orderFixture({ orderId: `${status}-${i}`, status, orderType: 'market', price: null }),
  );

const orders = {
  openOrders: [],
  executedOrders: many(450, 'complete'),
  rejectedOrders: [
    orderFixture({
      orderId: 'r1',
      status: 'rejected',
      rejectedReason: 'Insufficient funds. Required margin is 9,000.00',
    }),
  ],
  cancelledOrders: many(3, 'cancelled'),
};

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('order history', () => {
  it('shows COMPLETED, REJECTED and CANCELLED with their counts', () => {
    render(<OrderHistory orders={orders} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'COMPLETED (450)',
      'REJECTED (1)',
      'CANCELLED (3)',
    ]);
  });

  it('pages 200 rows at a time and goes back to page 1 on a sub-tab switch', async () => {
    render(<OrderHistory orders={orders} />);
    expect(bodyRows()).toHaveLength(200);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyRows()).toHaveLength(50);
    await userEvent.click(screen.getByRole('tab', { name: 'CANCELLED (3)' }));
    expect(bodyRows()).toHaveLength(3);
    await userEvent.click(screen.getByRole('tab', { name: 'COMPLETED (450)' }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('shows the rejection reason', async () => {
    render(<OrderHistory orders={orders} />);
    await userEvent.click(screen.getByRole('tab', { name: 'REJECTED (1)' }));
    expect(screen.getByText('Insufficient funds. Required margin is 9,000.00')).toBeInTheDocument();
  });

  it('shows each completed order its charges when the broker reports them, and no column otherwise', () => {
    const charges = [
      {
        orderId: 'complete-0',
        brokerOrderId: 'P1',
        tradingSymbol: 'X',
        brokerage: 20,
        stt: 0,
        exchange: 2.28,
        sebi: 0.01,
        stamp: 0.2,
        gst: 4.01,
        total: 26.5,
      },
    ];
    const { unmount } = render(<OrderHistory orders={orders} charges={charges} />);
    expect(screen.getByRole('columnheader', { name: 'Charges' })).toBeTruthy();
    const first = bodyRows()[0];
    expect(first?.querySelector('[data-charges]')?.textContent).toBe('26.5');
    expect(bodyRows()[1]?.querySelector('[data-charges]')?.textContent).toBe('-');
    unmount();
    render(<OrderHistory orders={orders} />);
    expect(screen.queryByRole('columnheader', { name: 'Charges' })).toBeNull();
  });
});
