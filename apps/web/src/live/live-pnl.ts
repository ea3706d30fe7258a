import { LIVE_PNL_RECOMPUTE_MS, positionPnl } from '@xtrader/core';
import type { Position } from '@xtrader/core/api/portfolio';
import { useEffect, useState } from 'react';
import { readLivePrice, retainLivePrices } from './live-prices';

/** A position with its live price and P&L (sell - buy + ltp x qty, 2 decimals; SPEC section 9). */
export type LivePosition = Position & { ltp: number; pnl: number };

/** Live price with fallback to the position's last traded price (SPEC section 3). */
export function withLivePnl(
  positions: readonly Position[],
  read: (symbol: string) => number | undefined = readLivePrice,
): LivePosition[] {
  return positions.map((position) => {
    const ltp = read(position.tradingSymbol) ?? position.lastTradedPrice;
    return { ...position, ltp, pnl: positionPnl(position, ltp) };
  });
}

/**
 * Positions with P&L recomputed from the live price store every 500 ms (SPEC section 9), rather than on every
 * tick: a busy feed cannot make the table re-render more than twice a second. Their symbols stay subscribed
 * while shown.
 */
export function useLivePositions(positions: readonly Position[]): LivePosition[] {
  const [rows, setRows] = useState(() => withLivePnl(positions));
  const symbols = positions.map((p) => p.tradingSymbol).join(',');
  useEffect(() => (symbols ? retainLivePrices(symbols.split(',')) : undefined), [symbols]);
  useEffect(() => {
    // Within one effect the positions are fixed, so only prices can change; unchanged figures skip the render.
    let last: LivePosition[] | undefined;
    const recompute = () => {
      const fresh = withLivePnl(positions);
      // Rows whose price did not move keep their object, so memoised rows skip their render.
      const next = last ? fresh.map((row, i) => (row.ltp === last?.[i]?.ltp ? last[i]! : row)) : fresh;
      if (last && next.every((row, i) => row === last?.[i])) return;
      last = next;
      setRows(next);
    };
    recompute();
    const timer = setInterval(recompute, LIVE_PNL_RECOMPUTE_MS);
    return () => clearInterval(timer);
  }, [positions]);
  return rows;
}
