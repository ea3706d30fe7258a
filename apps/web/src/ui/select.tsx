import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A native select in the house style: dense, keyboard friendly, no portal. */
/** `compact` is a row-height select for dense tables. */
export function Select({
  className,
  children,
  compact,
  ...props
}: ComponentProps<'select'> & { compact?: boolean }) {
  return (
    <span className={cn('relative inline-flex', className)}>
      <select
        className={cn(
          compact ? 'h-6' : 'h-7',
          'w-full appearance-none rounded-md border border-border bg-surface-2 py-0 pr-6 pl-2 text-xs text-fg tabular-nums',
          'hover:border-border-strong focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-1.5 size-3 -translate-y-1/2 text-muted"
        aria-hidden
      />
    </span>
  );
}
