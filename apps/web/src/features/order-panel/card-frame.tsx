import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** The frame of an order card: a caps title bar (with an optional status) above dense rows. */
export function CardFrame({
  title,
  status,
  children,
  className,
}: {
  title: string;
  status?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={cn('flex w-full min-w-0 flex-col rounded-lg border border-border bg-surface', className)}
    >
      <header className="flex h-8 items-center justify-between border-b border-border px-3 short:h-6">
        <h2 className="text-[11px] font-semibold tracking-wider text-muted">{title}</h2>
        {status}
      </header>
      <div className="flex flex-1 flex-col gap-2 p-2.5 short:gap-1.5 short:p-2">{children}</div>
    </section>
  );
}
