import { formatNumber } from '@xtrader/core/format/format';
import { addDays, istDateOf } from '@xtrader/core/market/dates';
import { ArrowLeft, ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toastError } from '../../api/toast-error';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { EquityChart } from './equity-chart';
import { signedClass } from './journal-format';
import { downloadJournalCsv, useJournalDay } from './journal-requests';
import { ExecutionsTable, TradesTable } from './journal-tables';

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex flex-col">
      <span className="text-[10px] font-medium tracking-wide text-muted uppercase">{label}</span>
      <span className={cn('font-mono text-lg font-semibold text-fg', className)}>{value}</span>
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cn('rounded-lg border border-border bg-surface', className)}>
      <h2 className="border-b border-border px-3 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h2>
      <div className="overflow-auto">{children}</div>
    </section>
  );
}

/**
 * The execution journal of one IST day (today by default): totals, the equity curve, the round trips with their
 * notes and tags, the orders' latencies and slippage, and the CSV download. `[` and `]` step a day back and forth.
 */
export function JournalPage() {
  const today = istDateOf(Date.now());
  const [day, setDay] = useState(today);
  const journal = useJournalDay(day);
  const data = journal.data;
  const step = (days: number) => {
    const next = addDays(day, days);
    if (next <= today) setDay(next);
  };
  // `[` and `]` step a day back and forth, unless the trader is typing (a note, the date) or a dialog is open.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target) || isDialogOpen(document))
        return;
      if (event.key !== '[' && event.key !== ']') return;
      event.preventDefault();
      setDay((current) => {
        const next = addDays(current, event.key === '[' ? -1 : 1);
        return next <= today ? next : current;
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [today]);
  return (
    <main className="flex h-full flex-col gap-2 overflow-auto p-2">
      <header className="flex shrink-0 flex-wrap items-center gap-3 rounded-lg border border-border bg-surface px-3 py-2">
        <Link
          to="/dashboard"
          className="flex items-center gap-1 text-xs text-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-3.5" aria-hidden />
          Dashboard
        </Link>
        <h1 className="text-sm font-semibold tracking-tight text-fg">Journal</h1>
        <div className="flex items-center gap-1">
          <Button size="sm" variant="ghost" aria-label="Previous day" onClick={() => step(-1)}>
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <Input
            type="date"
            aria-label="Day"
            value={day}
            max={today}
            onChange={(event) => event.target.value && setDay(event.target.value)}
            className="h-7 w-36 text-xs"
          />
          <Button
            size="sm"
            variant="ghost"
            aria-label="Next day"
            disabled={day >= today}
            onClick={() => step(1)}
          >
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
        <div className="ml-auto flex items-center gap-5">
          <Figure label="Trades" value={data ? String(data.totals.trades) : '-'} />
          <Figure
            label="Gross P&L"
            value={data ? formatNumber(data.totals.gross) : '-'}
            className={signedClass(data?.totals.gross)}
          />
          <Figure
            label="Charges"
            value={data ? formatNumber(data.totals.charges) : '-'}
            className="text-warn"
          />
          <Figure
            label="Net P&L"
            value={data ? formatNumber(data.totals.net) : '-'}
            className={signedClass(data?.totals.net)}
          />
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void downloadJournalCsv(day).catch((error: unknown) =>
                toastError(error, 'Could not download the journal'),
              )
            }
          >
            <Download className="size-3.5" aria-hidden />
            CSV
          </Button>
        </div>
      </header>
      {journal.isError && (
        <p role="alert" className="rounded-lg border border-sell/40 bg-sell/10 px-3 py-2 text-xs text-sell">
          Could not load the journal: {journal.error.message}
        </p>
      )}
      <Panel title="Equity curve (net, after charges)" className="shrink-0">
        <div className="px-3 py-2">
          <EquityChart points={data?.equity ?? []} />
        </div>
      </Panel>
      <Panel title="Trades" className="shrink-0">
        <TradesTable trades={data?.trades ?? []} />
      </Panel>
      <Panel title="Executions (orders placed from the order cards)" className="shrink-0">
        <ExecutionsTable executions={data?.executions ?? []} />
      </Panel>
    </main>
  );
}
