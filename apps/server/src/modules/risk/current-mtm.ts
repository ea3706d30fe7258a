import { intradayMtm } from '@xtrader/core/pnl/figures';
import type { SourcedPrices } from '../market/contract';
import type { PositionSource, PricesOf } from './ports';
import { intradayPositions } from './watch-index';

/**
 * Core's intraday MTM of a user right now (positions read from the broker, prices from the quote cache of the
 * user's own source and view): the "current total P&L" a Save is validated against, the figure the monitor
 * watches and the Profit Protection bar shows.
 */
export function createMtmReader(deps: {
  positions: PositionSource;
  pricesOf: PricesOf;
  prices: SourcedPrices;
}) {
  return async (userId: string): Promise<number> => {
    const [{ source, view }, snapshot] = await Promise.all([
      deps.pricesOf(userId),
      deps.positions.positions(userId),
    ]);
    const positions = intradayPositions(snapshot);
    const prices = new Map<string, number>();
    for (const { tradingSymbol } of positions) {
      const quote = deps.prices.getQuote(source, tradingSymbol, view);
      if (quote) prices.set(tradingSymbol, quote.lastPrice);
    }
    return intradayMtm(positions, prices);
  };
}

export type MtmReader = ReturnType<typeof createMtmReader>;
