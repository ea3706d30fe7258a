import { formatNumber } from '@xtrader/core/format/format';
import { getIndex } from '@xtrader/core/market/indices';
import { type LadderMode, ladderPrice } from '@xtrader/core/orders/price-ladder';
import type { TransactionType } from '@xtrader/core/orders/types';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useQuote } from '../../live';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { cn } from '../../ui/cn';
import { startAutoReprice } from './auto-reprice';
import { liveRepriceDeps } from './reprice-deps';

type OptionType = 'CE' | 'PE';
export type PlaceLimit = (limit: {
  optionType: OptionType;
  side: TransactionType;
  price: number;
}) => Promise<string | undefined>;

/** The six entries of one contract: a buy joins the bid, steps in above it or takes the ask; a sell mirrors it. */
const ENTRIES: readonly { side: TransactionType; mode: LadderMode; text: string; what: string }[] = [
  { side: 'buy', mode: 'join', text: 'Bid', what: 'join the bid' },
  { side: 'buy', mode: 'stepIn', text: 'Bid+1', what: 'one tick above the bid' },
  { side: 'buy', mode: 'take', text: 'Ask', what: 'at the ask' },
  { side: 'sell', mode: 'join', text: 'Ask', what: 'join the ask' },
  { side: 'sell', mode: 'stepIn', text: 'Ask−1', what: 'one tick below the ask' },
  { side: 'sell', mode: 'take', text: 'Bid', what: 'at the bid' },
];

const orUndefined = (value: number | null | undefined) => (value == null ? undefined : value);

function ContractLadder({
  optionType,
  symbol,
  tick,
  onPlace,
}: {
  optionType: OptionType;
  symbol: string;
  tick: number;
  onPlace: (entry: (typeof ENTRIES)[number], price: number) => void;
}) {
  const quote = useQuote(symbol || null);
  const touch = { bid: orUndefined(quote?.bid), ask: orUndefined(quote?.ask) };
  return (
    <div className="flex items-center gap-1" data-testid={`${optionType.toLowerCase()}-price-ladder`}>
      <span
        className={cn(
          'w-6 text-[10px] font-semibold tracking-wide',
          optionType === 'CE' ? 'text-buy' : 'text-sell',
        )}
      >
        {optionType}
      </span>
      {ENTRIES.map((entry) => {
        const priced = ladderPrice(entry.side, entry.mode, touch, tick);
        const label = `${entry.side === 'buy' ? 'Buy' : 'Sell'} ${optionType} limit ${entry.what}`;
        return (
          <button
            key={`${entry.side}-${entry.mode}`}
            type="button"
            aria-label={label}
            title={priced.ok ? `${label}: ${formatNumber(priced.price)}` : priced.message}
            disabled={!symbol}
            onClick={() => {
              if (!priced.ok) {
                toast.error(priced.message);
                orderFeedback.failure();
                return;
              }
              onPlace(entry, priced.price);
            }}
            className={cn(
              'flex h-7 min-w-0 flex-1 flex-col items-center justify-center rounded border text-[10px] leading-none font-semibold tabular-nums transition',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
              entry.side === 'buy'
                ? 'border-buy/40 text-buy hover:bg-buy/15'
                : 'border-sell/40 text-sell hover:bg-sell/15',
              entry.side === 'sell' && entry.mode === 'join' && 'ml-1.5',
            )}
          >
            <span>{entry.text}</span>
            <span className="pt-0.5 font-normal text-muted">
              {priced.ok ? formatNumber(priced.price) : '-'}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * The price ladder on the market card: one click places a LIMIT for the card's quantity at the bid, one tick
 * inside the spread, or at the far side (buy on the left, sell on the right). With auto re-price set (User Settings
 * -> Ladders), the limit follows its price up to that many times while the dashboard is open. Collapsed by
 * default to one line (its header opens it), so the market card stays as tall as before.
 */
export function PriceLadder({ placeLimit }: { placeLimit: PlaceLimit }) {
  const call = useTradingSettings((s) => s.orderConfig.callTradingSymbol);
  const put = useTradingSettings((s) => s.orderConfig.putTradingSymbol);
  const index = useTradingSettings((s) => s.orderConfig.index);
  const collapsed = useTradingSettings((s) => s.priceLadder.collapsed);
  const patch = useTradingSettings((s) => s.patchSettings);
  const tick = getIndex(index).tickSize;
  // Watchers of this page's ladder limits: they end with the dashboard.
  const watchers = useRef(new Set<() => void>());
  useEffect(() => {
    const running = watchers.current;
    return () => {
      for (const stop of running) stop();
      running.clear();
    };
  }, []);
  const place =
    (optionType: OptionType, symbol: string) => (entry: (typeof ENTRIES)[number], price: number) => {
      void placeLimit({ optionType, side: entry.side, price }).then((orderId) => {
        const times = useTradingSettings.getState().priceLadder.autoReprice;
        if (!orderId || times <= 0) return;
        const stop = startAutoReprice(liveRepriceDeps, {
          orderId,
          symbol,
          side: entry.side,
          mode: entry.mode,
          price,
          tick,
          times,
        });
        watchers.current.add(stop);
      });
    };
  return (
    // Collapsed, it is one small toggle at the end of the card's first row; open, it takes a line of its own.
    <section
      aria-label="Price ladder"
      className={collapsed ? 'ml-auto flex h-7 flex-col justify-center' : 'flex basis-full flex-col gap-1'}
    >
      <div className="flex items-center justify-between text-[10px] font-semibold tracking-wide text-muted uppercase">
        <button
          type="button"
          aria-expanded={!collapsed}
          onClick={() => patch('priceLadder', { collapsed: !collapsed })}
          className="flex items-center gap-1 uppercase hover:text-fg"
        >
          {collapsed ? (
            <ChevronRight className="size-3" aria-hidden />
          ) : (
            <ChevronDown className="size-3" aria-hidden />
          )}
          Limit at the touch
        </button>
        {!collapsed && <span className="font-normal normal-case">Buy · Sell</span>}
      </div>
      {!collapsed && (
        <>
          <ContractLadder optionType="CE" symbol={call} tick={tick} onPlace={place('CE', call)} />
          <ContractLadder optionType="PE" symbol={put} tick={tick} onPlace={place('PE', put)} />
        </>
      )}
    </section>
  );
}
