import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * A fixed-size box for a number that ticks (LTP, P&L). `contain: strict` makes it a relayout boundary: a new
 * price re-lays out this box only, not the 200-row table around it.
 */
export function LiveText({
  children,
  className,
  width = 'w-20',
}: {
  children: ReactNode;
  className?: string;
  width?: string;
}) {
  return (
    <span
      className={cn(
        'inline-block h-4 overflow-hidden align-middle leading-4 whitespace-nowrap [contain:strict]',
        width,
        className,
      )}
    >
      {children}
    </span>
  );
}
