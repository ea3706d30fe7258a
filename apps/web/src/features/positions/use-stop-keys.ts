import { useQueryClient } from '@tanstack/react-query';
import type { OrdersResponse } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useModifyOrder } from '../../api/order-actions';
import { tradingKeys } from '../../api/query-keys';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { actionForKey, type KeyAction } from '../../state/key-map';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { useSelectedPosition } from './selected-position';
import { planStopMove, type StopKey } from './stop-keys';

/** The stop actions of the key map and the move each asks for. */
const STOP_ACTIONS: Partial<Readonly<Record<KeyAction, StopKey>>> = {
  stopBreakEven: 'break-even',
  stopNudgeUp: 'up',
  stopNudgeDown: 'down',
};

/**
 * Stop keys for the selected position (defaults, remappable in User Settings -> Keys): `b` moves its working stop-loss to break-even (its average price, on the
 * tick that books no loss), `.` and `,` nudge it one modify step up or down. Each move is an ordinary modification
 * of the stop's trigger. Off with the trading-keys switch, while typing, or with a dialog open.
 */
export function useStopKeys(positions: readonly Position[]): void {
  const modify = useModifyOrder();
  const queryClient = useQueryClient();
  const latest = useRef({ positions, modify });
  latest.current = { positions, modify };
  const enabled = useTradingSettings((s) => s.orderConfig.tradingKeysEnabled ?? true);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      const action = actionForKey(useTradingSettings.getState().keyMap, event);
      const key = action ? STOP_ACTIONS[action] : undefined;
      if (!key || isTyping(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      const selected = useSelectedPosition.getState().key;
      const position = latest.current.positions.find((p) => positionKey(p) === selected);
      if (!position) {
        toast.error('Select a position first: click its row');
        orderFeedback.failure();
        return;
      }
      const step = useTradingSettings.getState().userSettingsState.modifyStep;
      // The order list the dashboard already keeps (no fetch of its own): the stops as the trader sees them.
      const orders = queryClient.getQueryData<OrdersResponse>(tradingKeys.orders)?.openOrders ?? [];
      const plan = planStopMove(key, position, orders, step);
      if (!plan.ok) {
        toast.error(plan.message);
        orderFeedback.failure();
        return;
      }
      for (const move of plan.moves) latest.current.modify.mutate(move);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, queryClient]);
}
