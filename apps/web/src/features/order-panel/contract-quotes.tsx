import { formatNumber } from '@xtrader/core/format/format';
import { useQuote } from '../../live';
import { useTradingSettings } from '../../state/trading-settings-store';
import { cn } from '../../ui/cn';

const price = (value: number | null | undefined) => (value == null ? '-' : formatNumber(value));

/**
 * One chosen contract above its two buttons: its last price, and under it the best bid x ask (what a sell gets
 * and a buy pays at market). The bid/ask line is left out for a source that quotes no book.
 */
function ContractQuote({ label, symbol }: { label: 'CE' | 'PE'; symbol: string }) {
  const quote = useQuote(symbol || null);
  const hasBook = quote?.bid !== undefined || quote?.ask !== undefined;
  return (
    <div
      data-testid={`${label.toLowerCase()}-quote`}
      className="flex items-center justify-between gap-2 rounded-md border border-border bg-surface-2 px-2 py-1"
    >
      <span
        className={cn('text-[10px] font-semibold tracking-wide', label === 'CE' ? 'text-buy' : 'text-sell')}
      >
        {label}
      </span>
      <span className="flex flex-col items-end leading-tight tabular-nums">
        <span className="text-xs font-semibold text-fg">
          <span className="sr-only">{label} last price </span>
          {price(quote?.lastPrice)}
        </span>
        {hasBook && (
          <span className="text-[10px] text-muted" data-testid={`${label.toLowerCase()}-bid-ask`}>
            <span className="sr-only">{label} bid </span>
            {price(quote?.bid)}
            <span aria-hidden className="px-1 text-subtle">
              ×
            </span>
            <span className="sr-only">ask </span>
            {price(quote?.ask)}
          </span>
        )}
      </span>
    </div>
  );
}

/** The chosen call and put, each over its Buy/Sell buttons, with last price and bid x ask. */
export function ContractQuotes() {
  const call = useTradingSettings((s) => s.orderConfig.callTradingSymbol);
  const put = useTradingSettings((s) => s.orderConfig.putTradingSymbol);
  return (
    <div className="grid grid-cols-2 gap-1.5">
      <ContractQuote label="CE" symbol={call} />
      <ContractQuote label="PE" symbol={put} />
    </div>
  );
}
