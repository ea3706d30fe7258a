import type { Position } from '@xtrader/core/api/portfolio';
import { getIndex } from '@xtrader/core/market/indices';
import { EXIT_FRACTIONS, type ExitFractionKey, partialExitQuantity } from '@xtrader/core/orders/partial-exit';
import { marketProtectionFraction } from '@xtrader/core/orders/price-rules';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useExitPosition } from '../../api/order-actions';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { actionForKey, type KeyAction } from '../../state/key-map';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { exitChase } from './exit-chase';
import { useSelectedPosition } from './selected-position';

/** The exit actions of the key map and the fraction of the position each exits. */
const EXIT_ACTIONS: Partial<Readonly<Record<KeyAction, ExitFractionKey>>> = {
  exitQuarter: '1',
  exitHalf: '2',
  exitThreeQuarters: '3',
};

/**
 * Exit keys (1, 2, 3 unless remapped) exit 1/4, 1/2, 3/4 of the selected position (whole lots, rounded down) at market with the
 * card's market protection (or chasing the best bid/ask when the exit chaser is on). Off with the trading-keys switch,
 * while typing, or with a dialog open.
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
      const action = actionForKey(useTradingSettings.getState().keyMap, event);
      const fraction = action ? EXIT_ACTIONS[action] : undefined;
      if (!fraction || isTyping(event.target) || isDialogOpen(document)) return;
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
        EXIT_FRACTIONS[fraction],
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
