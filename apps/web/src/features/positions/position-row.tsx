import { formatNumber, marketProtectionFraction, ORDER_MESSAGES } from '@xtrader/core';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import type { LivePosition } from '../../api/trading/live-pnl';
import { useExitPosition } from '../../api/trading/order-action-hooks';
import { orderFeedback } from '../../api/trading/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { ColumnConfig } from '../../state/trading-settings-types';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Td, Tr } from '../../ui/table';
import { positionDelta } from './group-positions';
import { PnlText } from './pnl-text';
import { QuickOrderCell } from './quick-order-cell';

type Props = {
  position: LivePosition;
  columns: ColumnConfig[];
  relativeToNifty: boolean;
  /** The instrument's pending orders, shown when the row is expanded. */
  renderPendingOrders: (position: LivePosition) => ReactNode;
};

function SquareOff({ position }: { position: LivePosition }) {
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

function cellsOf(
  p: LivePosition,
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
    lastTradedPrice: <span className="font-mono">{formatNumber(p.ltp)}</span>,
    pnl: <PnlText value={p.pnl} />,
    placeStopLoss: p.quantity === 0 ? '-' : <QuickOrderCell position={p} kind="stopLoss" ltp={p.ltp} />,
    placeTarget: p.quantity === 0 ? '-' : <QuickOrderCell position={p} kind="target" ltp={p.ltp} />,
    delta: <span className="font-mono">{delta === null ? '-' : formatNumber(delta)}</span>,
    squareOff: <SquareOff position={p} />,
  };
}

/** One position: the ten columns, and its pending orders underneath when expanded. */
export function PositionRow({ position, columns, relativeToNifty, renderPendingOrders }: Props) {
  const [expanded, setExpanded] = useState(false);
  const cells = cellsOf(position, relativeToNifty, expanded, () => setExpanded((open) => !open));
  return (
    <>
      <Tr data-position={position.tradingSymbol} className={cn(position.quantity === 0 && 'text-muted')}>
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
}
