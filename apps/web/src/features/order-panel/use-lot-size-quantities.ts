import { useEffect } from 'react';
import { lotSizeChange } from '../../state/trading-rules';
import { useTradingSettings } from '../../state/trading-settings-store';

/**
 * SPEC section 4, configuration bar: whenever a lot size becomes known (a strike was fetched), both cards'
 * quantities follow it: the index's default quantity when 'use default quantity' is on, otherwise re-rounded.
 */
export function useLotSizeQuantities(): void {
  useEffect(
    () =>
      useTradingSettings.subscribe((state, previous) => {
        const lotSize = state.orderConfig.lotSize;
        if (lotSize === null || lotSize === previous.orderConfig.lotSize) return;
        useTradingSettings.setState((s) => lotSizeChange(s, lotSize));
      }),
    [],
  );
}
