import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { orderFixture } from '../../test/trading-fixtures';
import { ChartPanel } from './chart-panel';
import { useChartSettings } from './chart-settings';

// The lazy chart is replaced by a stub that shows what it was given.
vi.mock('./candle-chart', () => ({
  default: ({ symbol, interval, lines }: { symbol: string; interval: string; lines: { key: string }[] }) => (
    <p data-testid="stub-chart">{`${symbol} ${interval} ${lines.map((line) => line.key).join(',')}`}</p>
  ),
}));

const CALL = 'NIFTY26N2426000CE';
const PUT = 'NIFTY26N2426000PE';

beforeEach(() => {
  localStorage.clear();
  useChartSettings.setState({ open: false, leg: 'CE', interval: '1s' });
  useTradingSettings.getState().resetSettings();
  useTradingSettings.getState().patchSettings('orderConfig', {
    index: 'NIFTY',
    callTradingSymbol: CALL,
    callIdentifier: 'NIFTY 24 NOV 26000 CE',
    putTradingSymbol: PUT,
    putIdentifier: 'NIFTY 24 NOV 26000 PE',
  });
});

const orders = [
  orderFixture({ orderId: 'sl-ce', tradingSymbol: CALL }),
  orderFixture({ orderId: 'sl-pe', tradingSymbol: PUT }),
];

describe('chart panel', () => {
  it('starts collapsed, expands on click, and C cycles CE, PE, index with each one its own lines', async () => {
    renderWithQueryClient(<ChartPanel orders={orders} positions={[]} />);
    const toggle = screen.getByRole('button', { name: 'CHART' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('stub-chart')).toBeNull();
    await userEvent.click(toggle);
    expect((await screen.findByTestId('stub-chart')).textContent).toBe(`${CALL} 1s order:sl-ce`);

    fireEvent.keyDown(window, { key: 'c' });
    expect(screen.getByTestId('stub-chart').textContent).toBe(`${PUT} 1s order:sl-pe`);
    fireEvent.keyDown(window, { key: 'c' });
    expect(screen.getByTestId('stub-chart').textContent).toBe('NIFTY 50 1s ');
    fireEvent.keyDown(window, { key: 'c' });
    expect(screen.getByTestId('chart-instrument').textContent).toBe('NIFTY 24 NOV 26000 CE');

    await userEvent.click(screen.getByRole('button', { name: '1m' }));
    expect(screen.getByTestId('stub-chart').textContent).toBe(`${CALL} 1m order:sl-ce`);
    expect(JSON.parse(localStorage.getItem('xt-chart') ?? '{}').state).toEqual({
      open: true,
      leg: 'CE',
      interval: '1m',
    });
  });

  it('C is ignored while typing, and opens a collapsed panel', async () => {
    renderWithQueryClient(
      <>
        <input aria-label="field" />
        <ChartPanel orders={[]} positions={[]} />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('field'), { key: 'c' });
    expect(useChartSettings.getState()).toMatchObject({ open: false, leg: 'CE' });
    fireEvent.keyDown(window, { key: 'c' });
    expect(useChartSettings.getState()).toMatchObject({ open: true, leg: 'PE' });
  });
});
