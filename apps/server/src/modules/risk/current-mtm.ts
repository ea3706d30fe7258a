import { totalMtm } from '@xtrader/core/pnl/pnl';
import type { MarketData } from '../market/contract';
import type { PositionSource, PriceViewOf } from './ports';
import { intradayPositions } from './watch-index';

/**
 * Total MTM of a user's intraday positions right now (positions read from the broker, prices from the quote cache
 * of the user's view): the "current total P&L" a Save is validated against, the same figure the monitor watches.
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
    return totalMtm(positions, prices);
  };
}

export type MtmReader = ReturnType<typeof createMtmReader>;
