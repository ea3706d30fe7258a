import { formatNumber } from '@xtrader/core/format/format';
import { cn } from '../../ui/cn';

/** A P&L figure: green above 0, red below, Indian grouping, two decimals at most. */
export function PnlText({ value, className }: { value: number; className?: string }) {
  return (
    <span
      className={cn(
        'font-mono font-semibold',
        value > 0 && 'text-buy',
        value < 0 && 'text-sell',
        value === 0 && 'text-muted',
        className,
      )}
    >
      {formatNumber(value)}
    </span>
  );
}
