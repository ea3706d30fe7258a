import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveFeed } from '../../live';
import { useTradingSettings } from '../../state/trading-settings-store';
import { MarketOrderCard } from './market-order-card';
import { StopLossOrderCard } from './stop-loss-order-card';

const CALL = 'NIFTY26NOV26000CE';
const PUT = 'NIFTY26NOV26000PE';

beforeEach(() => {
  useTradingSettings.getState().resetSettings();
  useTradingSettings
    .getState()
    .patchSettings('orderConfig', { callTradingSymbol: CALL, putTradingSymbol: PUT });
});
afterEach(() => {
  liveFeed.prices.clear();
  liveFeed.stop();
});

describe('order cards show the chosen contracts with bid x ask under the last price', () => {
  it.each([
    ['market', () => <MarketOrderCard onIntent={() => {}} />],
    ['stop-loss', () => <StopLossOrderCard onIntent={() => {}} />],
  ])('on the %s card', (_name, card) => {
    render(card());
    expect(screen.getByTestId('ce-quote')).toHaveTextContent('-');
    act(() =>
      liveFeed.prices.apply([
        { symbol: CALL, LastPrice: 100, NetChange: 0, OHLC: { close: 95 }, Bid: 99.95, Ask: 100.05, ts: 1 },
        // A source without a book: last price only.
        { symbol: PUT, LastPrice: 82.5, NetChange: 0, OHLC: { close: 80 }, ts: 1 },
      ]),
    );
    expect(screen.getByTestId('ce-quote')).toHaveTextContent('100');
    expect(screen.getByTestId('ce-bid-ask')).toHaveTextContent('CE bid 99.95×ask 100.05');
    expect(screen.getByTestId('pe-quote')).toHaveTextContent('82.5');
    expect(screen.queryByTestId('pe-bid-ask')).toBeNull();
    // Nobody bidding: the empty side reads as a dash.
    act(() =>
      liveFeed.prices.apply([
        { symbol: PUT, LastPrice: 0.05, NetChange: 0, OHLC: { close: 80 }, Bid: null, Ask: 0.1, ts: 2 },
      ]),
    );
    expect(screen.getByTestId('pe-bid-ask')).toHaveTextContent('PE bid -×ask 0.1');
  });
});
