import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from './cn';

/** Page n of m with previous/next, hidden when everything fits on one page. */
export function Pager({
  page,
  pageCount,
  onPage,
  className,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const button =
    'grid size-6 place-items-center rounded text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-40';
  return (
    <nav
      aria-label="Pages"
      className={cn('flex items-center justify-end gap-2 px-2 py-1 text-xs text-muted', className)}
    >
      <button
        type="button"
        className={button}
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft className="size-3.5" aria-hidden />
      </button>
      <span>
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className={button}
        aria-label="Next page"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight className="size-3.5" aria-hidden />
      </button>
    </nav>
  );
}

/** The rows of one page (1-based) and the page count; a page past the end shows the last one. */
export function paginate<T>(
  rows: readonly T[],
  page: number,
  pageSize: number,
): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((current - 1) * pageSize, current * pageSize), page: current, pageCount };
}
