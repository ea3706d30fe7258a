import { useEffect } from 'react';
import { lotSizeChange } from '../../state/trading-rules';
import { useTradingSettings } from '../../state/trading-settings-store';

/**
 * Whenever a lot size becomes known (a strike was fetched), both cards'
 * quantities follow it: the index's default quantity when 'use default quantity' is on, otherwise the same number
 * of lots as before. Changing the index forgets the lot size for a moment, so the last known one is kept here.
 */
export function useLotSizeQuantities(): void {
  useEffect(() => {
    let countedIn = useTradingSettings.getState().orderConfig.lotSize;
    return useTradingSettings.subscribe((state, previous) => {
      const lotSize = state.orderConfig.lotSize;
      if (lotSize === null || lotSize === previous.orderConfig.lotSize) return;
      const from = countedIn;
      countedIn = lotSize;
      useTradingSettings.setState((s) => lotSizeChange(s, lotSize, from));
    });
  }, []);
}
