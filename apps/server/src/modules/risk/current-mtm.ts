import { intradayMtm } from '@xtrader/core/pnl/figures';
import type { MarketData } from '../market/contract';
import type { PositionSource, PriceViewOf } from './ports';
import { intradayPositions } from './watch-index';

/**
 * Core's intraday MTM of a user right now (positions read from the broker, prices from the quote cache of the
 * user's view): the "current total P&L" a Save is validated against, the figure the monitor watches and the
 * Profit Protection bar shows.
 */
export function createMtmReader(deps: {
  positions: PositionSource;
  viewOf: PriceViewOf;
  marketData: MarketData;
}) {
  return async (userId: string): Promise<number> => {
    const [view, snapshot] = await Promise.all([deps.viewOf(userId), deps.positions.positions(userId)]);
    const positions = intradayPositions(snapshot);
    const prices = new Map<string, number>();
    for (const { tradingSymbol } of positions) {
      const quote = deps.marketData.getQuote(tradingSymbol, view);
      if (quote) prices.set(tradingSymbol, quote.lastPrice);
    }
    return intradayMtm(positions, prices);
  };
}

export type MtmReader = ReturnType<typeof createMtmReader>;
