import type { Order, OrdersResponse } from '@xtrader/core/api/orders';
import type { Position, Position as PositionRowData } from '@xtrader/core/api/portfolio';
import { useCallback, useEffect, useMemo } from 'react';
import { useOrders } from '../../api/portfolio-queries';
import { retainLivePrices } from '../../live/live-prices';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { OrderTableTab } from '../../state/trading-settings-types';
import { cn } from '../../ui/cn';
import { ErrorBoundary } from '../../ui/error-boundary';
import { OrderHistory } from '../order-history/order-history';
import { InstrumentPendingOrders } from '../pending-orders/instrument-pending-orders';
import { PendingOrdersPanel } from '../pending-orders/pending-orders-panel';
import { PositionsTable } from '../positions/positions-table';
import { useOrderCharges } from '../practice/practice-queries';

const TABS: readonly { key: OrderTableTab; label: string }[] = [
  { key: 'positions', label: 'Positions' },
  { key: 'openOrders', label: 'Open Orders' },
  { key: 'executedOrders', label: 'Executed Orders' },
];

const NONE: never[] = [];

/**
 * Tab counts: open positions (closed rows stay listed but are not counted), open orders, and executed + rejected +
 * cancelled orders.
 */
export function tabCounts(
  positions: readonly Position[],
  orders: OrdersResponse | undefined,
): Record<OrderTableTab, number> {
  return {
    positions: positions.filter((p) => p.quantity !== 0).length,
    openOrders: orders?.openOrders.length ?? 0,
    executedOrders:
      (orders?.executedOrders.length ?? 0) +
      (orders?.rejectedOrders.length ?? 0) +
      (orders?.cancelledOrders.length ?? 0),
  };
}

/** An expanded position row: that instrument's open orders. */
function OpenOrdersOfSymbol({ symbol, identifier }: { symbol: string; identifier: string }) {
  const open = useOrders().data?.openOrders ?? NONE;
  const mine = useMemo(() => open.filter((o) => o.tradingSymbol === symbol), [open, symbol]);
  return <InstrumentPendingOrders orders={mine} identifier={identifier} />;
}

/** Pending orders need live prices too: their symbols stay subscribed while listed. */
function useRetainOrderSymbols(orders: readonly Order[]) {
  const key = [...new Set(orders.map((o) => o.tradingSymbol))].sort().join(',');
  useEffect(() => (key ? retainLivePrices(key.split(',')) : undefined), [key]);
}

/** The order history, with each executed order's charges in Practice Mode. */
function ExecutedOrders({ orders }: { orders: OrdersResponse | undefined }) {
  const charges = useOrderCharges(orders?.executedOrders.length ?? 0).data;
  return <OrderHistory orders={orders} charges={charges} />;
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
  // One stable function: the expanded rows read the open orders themselves, so a new order does not re-render
  // every memoised position row.
  const renderPendingOrders = useCallback(
    (p: PositionRowData) => <OpenOrdersOfSymbol symbol={p.tradingSymbol} identifier={p.identifier} />,
    [],
  );
  return (
    <section
      aria-label="Orders and positions"
      className="flex min-h-[260px] flex-1 flex-col overflow-hidden rounded-lg border border-border bg-surface"
    >
      <div
        role="tablist"
        aria-label="Order tables"
        className="flex h-9 shrink-0 items-end gap-1 border-b border-border px-2 short:h-8"
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
              '-mb-px flex h-8 items-center short:h-7 gap-1.5 border-b-2 border-transparent px-3 text-xs font-semibold text-muted hover:text-fg',
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
        className="flex min-h-0 flex-1 flex-col"
      >
        <ErrorBoundary region={TABS.find((t) => t.key === selected)?.label}>
          {selected === 'positions' && (
            <PositionsTable positions={positions} renderPendingOrders={renderPendingOrders} />
          )}
          {selected === 'openOrders' && <PendingOrdersPanel orders={open} />}
          {selected === 'executedOrders' && <ExecutedOrders orders={orders} />}
        </ErrorBoundary>
      </div>
    </section>
  );
}
