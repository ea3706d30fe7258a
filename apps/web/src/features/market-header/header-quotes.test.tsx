import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { liveFeed } from '../../live';
import { ConnectionPill } from './connection-pill';
import { HeaderQuotes, percentChange } from './header-quotes';

const tick = (symbol: string, price: number, close: number) => ({
  symbol,
  LastPrice: price,
  NetChange: Math.round((price - close) * 100) / 100,
  OHLC: { close },
  ts: 1,
});

describe('header quotes', () => {
  afterEach(() => liveFeed.stop());

  it('shows NIFTY 50, NIFTY BANK and SENSEX with net and percent change, green up and red down', () => {
    render(<HeaderQuotes />);
    const nifty = screen.getByTestId('quote-NIFTY 50');
    expect(within(nifty).getByTestId('last-price')).toHaveTextContent('-');
    act(() =>
      liveFeed.prices.apply([
        tick('NIFTY 50', 26_130, 26_000),
        tick('NIFTY BANK', 58_941, 59_000),
        tick('SENSEX', 85_000, 85_000),
      ]),
    );
    expect(within(nifty).getByTestId('last-price')).toHaveTextContent('26,130');
    expect(within(nifty).getByTestId('net-change')).toHaveTextContent('+130 (+0.5%)');
    expect(within(nifty).getByTestId('net-change')).toHaveClass('text-buy');
    const bank = within(screen.getByTestId('quote-NIFTY BANK')).getByTestId('net-change');
    expect(bank).toHaveTextContent('-59 (-0.1%)');
    expect(bank).toHaveClass('text-sell');
    expect(within(screen.getByTestId('quote-SENSEX')).getByTestId('net-change')).toHaveClass('text-muted');
    // Hidden below the large breakpoint.
    expect(screen.getByRole('region', { name: 'Index quotes' })).toHaveClass('hidden', 'lg:flex');
  });

  it('computes percent change against the previous close', () => {
    expect(percentChange(130, 26_000)).toBe(0.5);
    expect(percentChange(-8.05, 59_000)).toBe(-0.01);
    expect(percentChange(5, 0)).toBe(0);
  });

  it("shows 'Connecting...' until the socket is open", () => {
    render(<ConnectionPill />);
    expect(screen.getByText('Connecting...')).toBeInTheDocument();
  });
});
