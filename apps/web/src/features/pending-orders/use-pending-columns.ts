import { useMemo } from 'react';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { ColumnConfig } from '../../state/trading-settings-types';

/** The pending-order columns shown: every required one, and the optional ones left visible. */
export function usePendingColumns(): ColumnConfig[] {
  const columns = useTradingSettings((s) => s.orderTableState.pendingOrders.columns);
  // Memoised: a new array each render would re-render every memoised row.
  return useMemo(() => columns.filter((column) => column.visible || !column.isOptional), [columns]);
}

/** Shows or hides one optional column; required columns always show. */
export function setPendingColumnVisible(key: string, visible: boolean): void {
  useTradingSettings.setState((s) => {
    const pendingOrders = s.orderTableState.pendingOrders;
    const columns = pendingOrders.columns.map((c) => (c.key === key && c.isOptional ? { ...c, visible } : c));
    return { orderTableState: { ...s.orderTableState, pendingOrders: { ...pendingOrders, columns } } };
  });
}
