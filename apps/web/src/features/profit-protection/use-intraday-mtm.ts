import {
  countsForIntradayMtm,
  intradayMtm as intradayMtmAt,
  LIVE_PNL_RECOMPUTE_MS,
  type Position,
} from '@xtrader/core';
import { useEffect, useMemo, useState } from 'react';
import { usePositions } from '../../api/portfolio-queries';
import { readLivePrice, retainLivePrices } from '../../live/live-prices';

/** Core's intraday MTM at live prices (the position's own LTP until a price streams in). */
export function intradayMtm(positions: readonly Position[]): number {
  const prices = new Map<string, number>();
  for (const { tradingSymbol } of positions.filter(countsForIntradayMtm)) {
    const price = readLivePrice(tradingSymbol);
    if (price !== undefined) prices.set(tradingSymbol, price);
  }
  return intradayMtmAt(positions, prices);
}

/**
 * The figure profit protection watches (core's intraday MTM, the same the server acts on), recomputed every
 * 500 ms from the positions query and the live price store. Undefined until positions are known.
 */
export function useIntradayMtm(): number | undefined {
  const positions = usePositions().data?.netPosition;
  const symbols = useMemo(
    () => [...new Set((positions ?? []).filter(countsForIntradayMtm).map((p) => p.tradingSymbol))],
    [positions],
  );
  const symbolsKey = symbols.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-retain only when the set of symbols changes
  useEffect(() => retainLivePrices(symbols), [symbolsKey]);

  const [mtm, setMtm] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!positions) {
      setMtm(undefined);
      return;
    }
    const recompute = () => setMtm(intradayMtm(positions));
    recompute();
    const timer = setInterval(recompute, LIVE_PNL_RECOMPUTE_MS);
    return () => clearInterval(timer);
  }, [positions]);
  return mtm;
}
