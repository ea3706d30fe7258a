import type { Position } from '@xtrader/core/api/portfolio';
import { formatNumber } from '@xtrader/core/format/format';
import { ORDER_MESSAGES } from '@xtrader/core/orders/constants';
import { marketProtectionFraction } from '@xtrader/core/orders/price-rules';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { ChevronRight } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useExitPosition } from '../../api/order-actions';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { ColumnConfig } from '../../state/trading-settings-types';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Td, Tr } from '../../ui/table';
import { exitChase } from './exit-chase';
import { positionDelta } from './group-positions';
import { LiveLtpCell, LivePnlCell } from './live-cells';
import { QuickOrderCell } from './quick-order-cell';
import { useSelectedPosition } from './selected-position';

type Props = {
  position: Position;
  columns: ColumnConfig[];
  relativeToNifty: boolean;
  expanded: boolean;
  /** Expands or collapses the row (stable across renders). */
  onToggle: (key: string) => void;
  /** The instrument's pending orders, shown when the row is expanded. */
  renderPendingOrders: (position: Position) => ReactNode;
};

function SquareOffView({ position }: { position: Position }) {
  const exit = useExitPosition();
  const protection = useTradingSettings((s) => s.orderConfig.marketProtection);
  const squareOff = () => {
    if (position.quantity === 0) {
      toast.error(ORDER_MESSAGES.noPositionToExit);
      orderFeedback.failure();
      return;
    }
    exit.mutate({
      tradingSymbol: position.tradingSymbol,
      productType: position.productType,
      quantity: position.quantity,
      marketProtection: marketProtectionFraction(protection),
      ...exitChase(),
    });
  };
  return (
    <Button
      size="sm"
      variant="danger"
      className="h-6 px-2"
      aria-label={`Square off ${position.tradingSymbol}`}
      loading={exit.isPending}
      onClick={squareOff}
    >
      Exit
    </Button>
  );
}

/** Ignores price ticks: squaring off depends on the symbol, product and quantity only. */
const SquareOff = memo(
  SquareOffView,
  (a, b) =>
    a.position.tradingSymbol === b.position.tradingSymbol &&
    a.position.productType === b.position.productType &&
    a.position.quantity === b.position.quantity,
);

function cellsOf(
  p: Position,
  relativeToNifty: boolean,
  expanded: boolean,
  toggle: () => void,
): Record<string, ReactNode> {
  const delta = positionDelta(p, relativeToNifty);
  return {
    instrument: (
      <button
        type="button"
        onClick={toggle}
        aria-expanded={expanded}
        className="inline-flex items-center gap-1 font-medium text-fg hover:text-accent"
      >
        <ChevronRight
          className={cn('size-3.5 text-muted transition-transform', expanded && 'rotate-90')}
          aria-hidden
        />
        {p.identifier}
      </button>
    ),
    productType: p.product,
    quantity: (
      <span
        className={cn('font-mono font-semibold', p.quantity > 0 && 'text-buy', p.quantity < 0 && 'text-sell')}
      >
        {p.quantity}
      </span>
    ),
    averagePrice: <span className="font-mono">{formatNumber(p.price)}</span>,
    lastTradedPrice: <LiveLtpCell position={p} />,
    pnl: <LivePnlCell position={p} />,
    placeStopLoss: p.quantity === 0 ? '-' : <QuickOrderCell position={p} kind="stopLoss" />,
    placeTarget: p.quantity === 0 ? '-' : <QuickOrderCell position={p} kind="target" />,
    delta: <span className="font-mono">{delta === null ? '-' : formatNumber(delta)}</span>,
    // A closed position has nothing to exit.
    squareOff: p.quantity === 0 ? '-' : <SquareOff position={p} />,
  };
}

/**
 * One position: the ten columns, and its pending orders underneath when expanded. Memoised on the position: price
 * ticks re-render only its live LTP and P&L cells, which read the live P&L store themselves.
 */
export const PositionRow = memo(function PositionRow({
  position,
  columns,
  relativeToNifty,
  expanded,
  onToggle,
  renderPendingOrders,
}: Props) {
  const cells = cellsOf(position, relativeToNifty, expanded, () => onToggle(positionKey(position)));
  const key = positionKey(position);
  const selected = useSelectedPosition((s) => s.key === key);
  const select = useSelectedPosition((s) => s.select);
  return (
    <>
      <Tr
        data-position={position.tradingSymbol}
        data-selected={selected}
        // Clicking a row chooses the position the exit keys (1, 2, 3) act on.
        onClick={() => select(key)}
        className={cn(
          position.quantity === 0 && 'text-muted',
          selected && 'bg-accent/10 outline outline-1 outline-accent/50',
        )}
      >
        {columns.map((column) => (
          <Td key={column.key} align={column.style?.align}>
            {cells[column.key]}
          </Td>
        ))}
      </Tr>
      {expanded && (
        <tr className="bg-bg/60">
          <td colSpan={columns.length} className="border-b border-border px-4 py-2">
            {renderPendingOrders(position)}
          </td>
        </tr>
      )}
    </>
  );
});
