import { TABLE_MIN_WIDTH_PX } from '@xtrader/core/constants';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { cn } from './cn';

export type Align = 'left' | 'right' | 'center';
const ALIGN: Record<Align, string> = { left: 'text-left', right: 'text-right', center: 'text-center' };

/**
 * A dense data table at least 1300 px wide; the panel around it scrolls both ways. The layout is
 * fixed (column widths from the header cells), so a ticking price or a new row never makes the browser measure
 * every cell again.
 */
export function TableFrame({
  children,
  label,
  className,
}: {
  children: ReactNode;
  label: string;
  className?: string;
}) {
  return (
    <div className={cn('min-w-fit', className)}>
      <table
        aria-label={label}
        className="w-full table-fixed border-collapse text-xs tabular-nums"
        style={{ minWidth: TABLE_MIN_WIDTH_PX }}
      >
        {children}
      </table>
    </div>
  );
}

export function Th({
  align = 'left',
  className,
  ...props
}: ComponentProps<'th'> & { align?: Align | undefined }) {
  return (
    <th
      scope="col"
      className={cn(
        'sticky top-0 z-[1] h-7 border-b border-border bg-surface px-2 text-[10px] font-semibold tracking-wider whitespace-nowrap text-muted uppercase',
        ALIGN[align],
        className,
      )}
      {...props}
    />
  );
}

export function Td({
  align = 'left',
  className,
  ...props
}: ComponentProps<'td'> & { align?: Align | undefined }) {
  return (
    <td
      className={cn('h-8 overflow-hidden px-2 text-ellipsis whitespace-nowrap', ALIGN[align], className)}
      {...props}
    />
  );
}

/**
 * The scrolling area of a table panel (both directions, header sticky). Containing layout and paint here means a
 * ticking cell repaints this viewport, not the whole page.
 */
export function TableScroll({
  children,
  className,
  ref,
}: {
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} className={cn('min-h-0 flex-1 overflow-auto [contain:strict]', className)}>
      {children}
    </div>
  );
}

/** A row of the table body, with hover. */
export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border/60 hover:bg-surface-2/60', className)} {...props} />;
}

/** The one-line message of an empty table. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="py-6 text-center text-xs text-muted">
        {children}
      </td>
    </tr>
  );
}
