import type { Order } from '@xtrader/core/api/orders';
import { formatNumber, formatTime12h } from '@xtrader/core/format/format';
import { ShieldCheck } from 'lucide-react';
import type { OrderLabel } from '../../lib/order-view';
import { useLivePrice } from '../../live/live-prices';
import { cn } from '../../ui/cn';
import { LiveText } from '../../ui/live-text';
import { Tooltip } from '../../ui/tooltip';

/** What the tooltip of an internal order says. */
const INTERNAL_ORDER_TOOLTIP = 'Internal order: managed by X-Trader, not resting at the broker.';

const ORDER_TYPE_NAMES: Record<Order['orderType'], string> = {
  market: 'MARKET',
  limit: 'LIMIT',
  stoploss: 'SL',
};
export const orderTypeName = (type: Order['orderType']) => ORDER_TYPE_NAMES[type];

function SideBadge({ side }: { side: Order['transactionType'] }) {
  return (
    <span
      className={cn(
        'rounded px-1 py-px text-[10px] font-bold',
        side === 'buy' ? 'bg-buy/15 text-buy' : 'bg-sell/15 text-sell',
      )}
    >
      {side === 'buy' ? 'BUY' : 'SELL'}
    </span>
  );
}

/** The type column: category label, side and, for internal orders, the shield with its tooltip. */
export function TypeCell({
  label,
  side,
  internal,
}: {
  label: OrderLabel;
  side: Order['transactionType'];
  internal: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <SideBadge side={side} />
      <span className="font-medium text-fg">{label}</span>
      {internal && (
        <Tooltip content={INTERNAL_ORDER_TOOLTIP}>
          <button type="button" aria-label="Internal order" className="text-accent">
            <ShieldCheck className="size-3.5" aria-hidden />
          </button>
        </Tooltip>
      )}
    </span>
  );
}

/** Live last price of a symbol, falling back to the server's last known price. */
export function LtpCell({ symbol, fallback }: { symbol: string; fallback: number | null }) {
  const live = useLivePrice(symbol);
  const price = live ?? fallback;
  return (
    <LiveText width="w-16" className="text-right font-mono">
      {price === null ? '-' : formatNumber(price)}
    </LiveText>
  );
}

export const timeText = (iso: string) => formatTime12h(iso);
export const priceText = (price: number | null) => (price === null ? '-' : formatNumber(price));
