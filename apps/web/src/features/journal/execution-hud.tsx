import { Gauge } from 'lucide-react';
import { cn } from '../../ui/cn';
import { formatLatency, formatSlippage, signedClass } from './journal-format';
import { useLatestExecution } from './journal-requests';

function Figure({
  label,
  value,
  title,
  className,
}: {
  label: string;
  value: string;
  title: string;
  className?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col" title={title}>
      <span className="text-[10px] font-medium tracking-wide whitespace-nowrap text-muted uppercase">
        {label}
      </span>
      <span className={cn('font-mono text-sm font-semibold whitespace-nowrap text-fg', className)}>
        {value}
      </span>
    </div>
  );
}

/**
 * The last order placed from this screen: key press to the broker's acknowledgement, key press to the first fill,
 * and the fill's slippage against the price the card showed (negative: worse for the trader).
 */
export function ExecutionHud() {
  const execution = useLatestExecution().data;
  const latencies = execution?.latencies;
  return (
    <section
      aria-label="Last order execution"
      // Not on short screens, where the tables need the height (the Journal page lists every order's figures).
      className="flex items-center gap-4 rounded-lg border border-border bg-surface px-3 py-1.5 short:hidden"
    >
      <Gauge className="size-4 shrink-0 text-muted" aria-hidden />
      <Figure
        label="Key → Ack"
        title="Key press to the broker's acknowledgement of the last order (client time to send plus server time to ack)"
        value={formatLatency(latencies?.keyToAckMs ?? null)}
      />
      <Figure
        label="Key → Fill"
        title="Key press to the first fill of the last order"
        value={formatLatency(latencies?.keyToFillMs ?? null)}
      />
      <Figure
        label="Slippage"
        title="Average fill against the price shown when the key was pressed, per unit and in ticks (negative: worse)"
        value={formatSlippage(execution?.slippage ?? null)}
        className={signedClass(execution?.slippage?.perUnit)}
      />
    </section>
  );
}
