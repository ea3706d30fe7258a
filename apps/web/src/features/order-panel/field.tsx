import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** A caption above a compact control, the building block of the order cards' dense rows. */
export function PanelField({
  label,
  htmlFor,
  children,
  className,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={htmlFor} className="text-[10px] font-medium tracking-wide text-muted uppercase">
        {label}
      </label>
      {children}
    </div>
  );
}
