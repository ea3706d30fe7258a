import { screen } from '@testing-library/react';
import type { DisciplineStatus } from '@xtrader/core/api/discipline';
import { DEFAULT_DISCIPLINE } from '@xtrader/core/risk/discipline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { DisciplineState } from './discipline-state';

const render = (status: DisciplineStatus) => {
  mockApi({ 'GET /discipline': () => ok(status) });
  return renderWithQueryClient(<DisciplineState />);
};

afterEach(() => vi.unstubAllGlobals());

describe('discipline state in the Profit Protection bar', () => {
  it('shows nothing while no rule is set', async () => {
    const { container } = render({ settings: DEFAULT_DISCIPLINE, tradesToday: 3, locked: false, holds: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });

  it("shows each rule with today's figure, the holding one in red with the refusal message", async () => {
    const message = 'Max trades per day reached (2 of 2): no new orders until the next session';
    render({
      settings: {
        ...DEFAULT_DISCIPLINE,
        maxTradesPerDay: 2,
        noNewPositionsAfter: '14:30',
        noMarketOrders: true,
      },
      tradesToday: 2,
      locked: false,
      holds: [{ rule: 'maxTrades', message }],
    });
    const trades = await screen.findByText('Trades 2/2');
    expect(trades.getAttribute('data-held')).toBe('true');
    expect(trades.getAttribute('title')).toBe(message);
    expect(screen.getByText('No new after 14:30').getAttribute('data-held')).toBe('false');
    expect(screen.getByText('Limits only')).toBeTruthy();
    expect(screen.getByTestId('discipline-hold').textContent).toBe(message);
  });

  it('a max-loss lock shows as locked for the day', async () => {
    render({
      settings: DEFAULT_DISCIPLINE,
      tradesToday: 0,
      locked: true,
      holds: [
        { rule: 'maxLoss', message: 'Max loss per day reached: trading is locked until the next session' },
      ],
    });
    // The lock holds after the rule was switched off: it still shows.
    expect(await screen.findByText('Locked for the day')).toBeTruthy();
  });
});
