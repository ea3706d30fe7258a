import type { Position } from '@xtrader/core/api/portfolio';
import { getIndex } from '@xtrader/core/market/indices';
import { EXIT_FRACTIONS, partialExitQuantity } from '@xtrader/core/orders/partial-exit';
import { marketProtectionFraction } from '@xtrader/core/orders/price-rules';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useExitPosition } from '../../api/order-actions';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { exitChase } from './exit-chase';
import { useSelectedPosition } from './selected-position';

const isFractionKey = (key: string): key is keyof typeof EXIT_FRACTIONS => key in EXIT_FRACTIONS;

/**
 * Exit keys: 1, 2, 3 exit 1/4, 1/2, 3/4 of the selected position (whole lots, rounded down) at market with the
 * card's market protection (or chasing the best bid/ask when the exit chaser is on). Off with the trading-keys switch, while typing, or with a dialog open.
 */
export function useExitKeys(positions: readonly Position[]): void {
  const exit = useExitPosition();
  const latest = useRef({ positions, exit });
  latest.current = { positions, exit };
  const enabled = useTradingSettings((s) => s.orderConfig.tradingKeysEnabled ?? true);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      if (!isFractionKey(event.key) || isTyping(event.target) || isDialogOpen(document)) return;
      const selected = useSelectedPosition.getState().key;
      const position = latest.current.positions.find((p) => positionKey(p) === selected);
      event.preventDefault();
      if (!position) {
        toast.error('Select a position first: click its row');
        orderFeedback.failure();
        return;
      }
      const sized = partialExitQuantity(
        position.quantity,
        getIndex(position.index).lotSize,
        EXIT_FRACTIONS[event.key],
      );
      if (!sized.ok) {
        toast.error(sized.message);
        orderFeedback.failure();
        return;
      }
      const protection = useTradingSettings.getState().orderConfig.marketProtection;
      latest.current.exit.mutate({
        tradingSymbol: position.tradingSymbol,
        productType: position.productType,
        quantity: sized.quantity,
        marketProtection: marketProtectionFraction(protection),
        ...exitChase(),
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
