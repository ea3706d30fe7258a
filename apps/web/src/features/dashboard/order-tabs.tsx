import type { Order, OrdersResponse } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';
import { useEffect, useMemo } from 'react';
import { retainLivePrices } from '../../api/trading/live-prices';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { OrderTableTab } from '../../state/trading-settings-types';
import { cn } from '../../ui/cn';
import { ErrorBoundary } from '../../ui/error-boundary';
import { OrderHistory } from '../order-history/order-history';
import { InstrumentPendingOrders } from '../pending-orders/instrument-pending-orders';
import { PendingOrdersPanel } from '../pending-orders/pending-orders-panel';
import { PositionsTable } from '../positions/positions-table';

const TABS: readonly { key: OrderTableTab; label: string }[] = [
  { key: 'positions', label: 'Positions' },
  { key: 'openOrders', label: 'Open Orders' },
  { key: 'executedOrders', label: 'Executed Orders' },
];

const NONE: never[] = [];

/** Tab counts: positions, open orders, and executed + rejected + cancelled orders (SPEC section 2). */
export function tabCounts(
  positions: readonly Position[],
  orders: OrdersResponse | undefined,
): Record<OrderTableTab, number> {
  return {
    positions: positions.length,
    openOrders: orders?.openOrders.length ?? 0,
    executedOrders:
      (orders?.executedOrders.length ?? 0) +
      (orders?.rejectedOrders.length ?? 0) +
      (orders?.cancelledOrders.length ?? 0),
  };
}

function ordersBySymbol(orders: readonly Order[]): Map<string, Order[]> {
  const map = new Map<string, Order[]>();
  for (const order of orders) map.set(order.tradingSymbol, [...(map.get(order.tradingSymbol) ?? []), order]);
  return map;
}

/** Pending orders need live prices too: their symbols stay subscribed while listed. */
function useRetainOrderSymbols(orders: readonly Order[]) {
  const key = [...new Set(orders.map((o) => o.tradingSymbol))].sort().join(',');
  useEffect(() => (key ? retainLivePrices(key.split(',')) : undefined), [key]);
}

/** positions / openOrders / executedOrders with their counts; the selected tab is kept in the settings store. */
export function OrderTabs({
  positions,
  orders,
}: {
  positions: readonly Position[];
  orders: OrdersResponse | undefined;
}) {
  const selected = useTradingSettings((s) => s.orderTableState.selectedTab);
  const select = useTradingSettings((s) => s.setSelectedTab);
  const open = orders?.openOrders ?? NONE;
  useRetainOrderSymbols(open);
  const counts = tabCounts(positions, orders);
  const bySymbol = useMemo(() => ordersBySymbol(open), [open]);
  return (
    <section
      aria-label="Orders and positions"
      className="flex min-h-0 flex-col rounded-lg border border-border bg-surface"
    >
      <div
        role="tablist"
        aria-label="Order tables"
        className="flex h-9 shrink-0 items-end gap-1 border-b border-border px-2"
      >
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`tab-${key}`}
            aria-selected={selected === key}
            aria-controls={`panel-${key}`}
            onClick={() => select(key)}
            className={cn(
              '-mb-px flex h-8 items-center gap-1.5 border-b-2 border-transparent px-3 text-xs font-semibold text-muted hover:text-fg',
              selected === key && 'border-accent text-fg',
            )}
          >
            {label}
            <span
              className={cn(
                'rounded-full bg-surface-3 px-1.5 py-px text-[10px] tabular-nums',
                selected === key && 'bg-accent text-accent-fg',
              )}
            >
              {counts[key]}
            </span>
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${selected}`}
        aria-labelledby={`tab-${selected}`}
        className="min-h-0 flex-1"
      >
        <ErrorBoundary region={TABS.find((t) => t.key === selected)?.label}>
          {selected === 'positions' && (
            <PositionsTable
              positions={positions}
              renderPendingOrders={(p) => (
                <InstrumentPendingOrders
                  orders={bySymbol.get(p.tradingSymbol) ?? NONE}
                  identifier={p.identifier}
                />
              )}
            />
          )}
          {selected === 'openOrders' && <PendingOrdersPanel orders={open} />}
          {selected === 'executedOrders' && <OrderHistory orders={orders} />}
        </ErrorBoundary>
      </div>
    </section>
  );
}
