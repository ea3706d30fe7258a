import { render } from '@testing-library/react';
import type { Notification } from '@xtrader/core/api/notifications';
import { describe, expect, it } from 'vitest';
import { NotificationCard } from './notification-card';

const executed = (status: string, statusMessage: string | null = null): Notification => ({
  notificationType: 'order_executed',
  timestamp: '2026-11-24T05:00:00.000Z',
  identifier: 'NIFTY 01 DEC 26000 CE',
  transactionType: 'buy',
  quantity: 65,
  averagePrice: 100,
  status,
  statusMessage,
});

const icon = (container: HTMLElement) => container.querySelector('svg')?.getAttribute('class') ?? '';

describe('order notification card', () => {
  it('shows a green check for a complete order', () => {
    const { container } = render(<NotificationCard notification={executed('COMPLETE')} />);
    expect(icon(container)).toMatch(/lucide-circle-check/);
    expect(icon(container)).toMatch(/text-buy/);
  });

  it('shows no green check for a partly filled order whose rest was cancelled', () => {
    const { container, getByRole } = render(
      <NotificationCard
        notification={executed('CANCELLED', 'Partially filled: 65 of 130 before the rest was cancelled')}
      />,
    );
    expect(icon(container)).not.toMatch(/lucide-circle-check/);
    expect(icon(container)).not.toMatch(/text-buy/);
    expect(getByRole('status')).toHaveTextContent('Partially filled: 65 of 130');
  });
});
