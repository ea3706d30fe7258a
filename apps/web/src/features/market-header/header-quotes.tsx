import { formatNumber } from '@xtrader/core/format/format';
import { INDEX_TABLE } from '@xtrader/core/market/indices';
import { useQuote } from '../../live';
import { cn } from '../../ui/cn';

/** The header's indices, by their quote names. */
const HEADER_INDICES = [INDEX_TABLE.NIFTY, INDEX_TABLE.BANKNIFTY, INDEX_TABLE.SENSEX].map(
  (info) => info.displayName,
);

/** Net change as a percentage of the previous close, two decimals. */
export const percentChange = (netChange: number, close: number): number =>
  close > 0 ? Math.round((netChange / close) * 10_000) / 100 : 0;

const signed = (value: number): string => `${value > 0 ? '+' : ''}${formatNumber(value)}`;

/** One index: name, last price, net change and percent change, green when up and red when down. */
function HeaderQuote({ symbol }: { symbol: string }) {
  const quote = useQuote(symbol);
  const tone =
    !quote || quote.netChange === 0 ? 'text-muted' : quote.netChange > 0 ? 'text-buy' : 'text-sell';
  return (
    <div
      className="flex items-baseline gap-1.5 whitespace-nowrap text-xs tabular-nums"
      data-testid={`quote-${symbol}`}
    >
      <span className="font-semibold text-fg">{symbol}</span>
      <span className="text-fg" data-testid="last-price">
        {quote ? formatNumber(quote.lastPrice) : '-'}
      </span>
      {quote && (
        <span className={cn('text-[11px]', tone)} data-testid="net-change">
          {signed(quote.netChange)} ({signed(percentChange(quote.netChange, quote.close))}%)
        </span>
      )}
    </div>
  );
}

/** NIFTY 50, NIFTY BANK and SENSEX live in the header; hidden on small screens. */
export function HeaderQuotes({ className }: { className?: string }) {
  return (
    <section aria-label="Index quotes" className={cn('hidden items-center gap-4 lg:flex', className)}>
      {HEADER_INDICES.map((symbol) => (
        <HeaderQuote key={symbol} symbol={symbol} />
      ))}
    </section>
  );
}
