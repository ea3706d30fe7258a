import type { Order, OrdersResponse } from '@xtrader/core/api/orders';
import type { OrderCharges } from '@xtrader/core/api/practice';
import { TABLE_PAGE_SIZE } from '@xtrader/core/constants';
import { formatNumber, formatTime12h } from '@xtrader/core/format/format';
import { useMemo, useState } from 'react';
import { orderLabel } from '../../lib/order-view';
import { cn } from '../../ui/cn';
import { Pager, paginate } from '../../ui/pager';
import { EmptyRow, TableFrame, TableScroll, Td, Th, Tr } from '../../ui/table';

export type HistoryTab = 'COMPLETED' | 'REJECTED' | 'CANCELLED';

const SOURCES: Record<HistoryTab, keyof OrdersResponse> = {
  COMPLETED: 'executedOrders',
  REJECTED: 'rejectedOrders',
  CANCELLED: 'cancelledOrders',
};
const TABS = Object.keys(SOURCES) as HistoryTab[];
const ORDER_TYPES: Record<Order['orderType'], string> = { market: 'MARKET', limit: 'LIMIT', stoploss: 'SL' };
const money = (value: number | null) => (value === null ? '-' : formatNumber(value));

type ChargesOf = ((orderId: string) => number | undefined) | undefined;

function HistoryRow({ order, tab, chargesOf }: { order: Order; tab: HistoryTab; chargesOf: ChargesOf }) {
  const buy = order.transactionType === 'buy';
  return (
    <Tr data-order-id={order.orderId}>
      <Td>{formatTime12h(order.time)}</Td>
      <Td className="font-mono text-muted">{order.orderId}</Td>
      <Td>
        <span
          className={cn(
            'mr-1.5 rounded px-1 py-px text-[10px] font-bold',
            buy ? 'bg-buy/15 text-buy' : 'bg-sell/15 text-sell',
          )}
        >
          {buy ? 'BUY' : 'SELL'}
        </span>
        {orderLabel(order)}
      </Td>
      <Td className="font-medium">{order.identifier}</Td>
      <Td>{order.product}</Td>
      <Td>{ORDER_TYPES[order.orderType]}</Td>
      <Td align="right" className="font-mono">
        {tab === 'COMPLETED' ? order.filledQuantity || order.quantity : order.quantity}
      </Td>
      <Td align="right" className="font-mono">
        {money(order.price)}
      </Td>
      <Td align="right" className="font-mono">
        {money(order.averagePrice)}
      </Td>
      {chargesOf && (
        <Td align="right" className="font-mono text-warn" data-charges>
          {money(chargesOf(order.orderId) ?? null)}
        </Td>
      )}
      <Td
        className={cn('max-w-[420px] truncate', tab === 'REJECTED' && 'text-sell')}
        title={order.rejectedReason ?? undefined}
      >
        {tab === 'REJECTED' ? (order.rejectedReason ?? 'Rejected') : order.status.toUpperCase()}
      </Td>
    </Tr>
  );
}

/**
 * Order history: COMPLETED, REJECTED and CANCELLED sub-tabs with counts, 200 rows a page; switching sub-tab goes
 * back to page 1. Rejected orders show their rejection reason; completed ones their charges when known.
 */
export function OrderHistory({
  orders,
  charges,
}: {
  orders: OrdersResponse | undefined;
  /** Each executed order's charges when the broker reports them (Practice Mode): a Charges column. */
  charges?: readonly OrderCharges[] | undefined;
}) {
  const [tab, setTab] = useState<HistoryTab>('COMPLETED');
  const [page, setPage] = useState(1);
  const list = orders?.[SOURCES[tab]] ?? [];
  const shown = paginate(list, page, TABLE_PAGE_SIZE);
  // Practice Mode itemises each executed order's charges; live brokers' contract notes are theirs to show.
  const chargesOf = useMemo<ChargesOf>(() => {
    if (!charges || tab !== 'COMPLETED') return undefined;
    const byOrder = new Map(
      charges.flatMap((c) => (c.orderId === null ? [] : [[c.orderId, c.total] as const])),
    );
    return (orderId) => byOrder.get(orderId);
  }, [charges, tab]);
  const columnCount = chargesOf ? 11 : 10;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div
        role="tablist"
        aria-label="Order history"
        className="flex shrink-0 gap-1 border-b border-border px-2 py-1"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => {
              setTab(name);
              setPage(1);
            }}
            className={cn(
              'rounded px-2 py-1 text-[11px] font-semibold tracking-wide text-muted hover:text-fg',
              tab === name && 'bg-surface-3 text-fg',
            )}
          >
            {name} ({orders?.[SOURCES[name]].length ?? 0})
          </button>
        ))}
      </div>
      <TableScroll>
        <TableFrame label={`${tab} orders`}>
          <thead>
            <tr>
              <Th style={{ width: 92 }}>Time</Th>
              <Th style={{ width: 120 }}>Order ID</Th>
              <Th style={{ width: 160 }}>Type</Th>
              <Th style={{ width: 220 }}>Instrument</Th>
              <Th style={{ width: 70 }}>Product</Th>
              <Th style={{ width: 80 }}>Order Type</Th>
              <Th align="right" style={{ width: 70 }}>
                Qty
              </Th>
              <Th align="right" style={{ width: 90 }}>
                Price
              </Th>
              <Th align="right" style={{ width: 90 }}>
                Avg Price
              </Th>
              {chargesOf && (
                <Th
                  align="right"
                  style={{ width: 90 }}
                  title="Brokerage, STT, exchange and SEBI fees, stamp duty, GST"
                >
                  Charges
                </Th>
              )}
              <Th style={{ width: 300 }}>{tab === 'REJECTED' ? 'Reason' : 'Status'}</Th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.length === 0 && (
              <EmptyRow colSpan={columnCount}>No {tab.toLowerCase()} orders</EmptyRow>
            )}
            {shown.rows.map((order) => (
              <HistoryRow key={order.orderId} order={order} tab={tab} chargesOf={chargesOf} />
            ))}
          </tbody>
        </TableFrame>
        <Pager className="sticky left-0" page={shown.page} pageCount={shown.pageCount} onPage={setPage} />
      </TableScroll>
    </div>
  );
}
