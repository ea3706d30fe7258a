import type { DaySummary } from '@xtrader/core/api/practice';
import { formatNumber, formatRupee } from '@xtrader/core/format/format';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useIsPracticeMode } from '../../api/account-queries';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { Td, Th, Tr } from '../../ui/table';
import { useDaySummaries } from './practice-queries';

/** Where the last summary the user was shown is remembered, so a square-off pops its summary once. */
const SEEN_KEY = 'xt.practice.daySummarySeen';
const NO_DAYS: DaySummary[] = [];

const signClass = (value: number) => cn(value > 0 && 'text-buy', value < 0 && 'text-sell');
const fingerprint = (day: DaySummary) => `${day.day}|${day.trades}|${day.net}`;
const dayText = (isoDate: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${isoDate}T00:00:00`));
/** Today's IST date, YYYY-MM-DD. */
const istToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now());

function Stat({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex flex-col rounded-md border border-border bg-surface-2 px-3 py-2">
      <span className="text-[10px] font-medium tracking-wide text-muted uppercase">{label}</span>
      <span className={cn('font-mono text-base font-semibold text-fg', className)}>{value}</span>
    </div>
  );
}

/** One day's figures, large: what the trader reads first after the square-off. */
function DayFigures({ day }: { day: DaySummary }) {
  return (
    <section aria-label={`Summary of ${day.day}`} className="grid grid-cols-3 gap-2">
      <Stat label="Net P&L" value={formatRupee(day.net)} className={signClass(day.net)} />
      <Stat label="Gross P&L" value={formatRupee(day.gross)} className={signClass(day.gross)} />
      <Stat label="Charges" value={formatRupee(day.charges)} className="text-warn" />
      <Stat label="Trades" value={String(day.trades)} />
      <Stat label="Win rate" value={day.winRate === null ? '-' : `${formatNumber(day.winRate)}%`} />
      <Stat
        label="Largest loss"
        value={formatRupee(day.largestLoss)}
        className={signClass(day.largestLoss)}
      />
    </section>
  );
}

/** Every summed-up day, latest first; a row picks the day shown above. */
function DaysTable({
  days,
  selected,
  onSelect,
}: {
  days: DaySummary[];
  selected: string;
  onSelect: (day: string) => void;
}) {
  return (
    <div className="mt-3 max-h-56 overflow-auto rounded-md border border-border">
      {/* A plain table: the app's table frame is sized for the wide order tables. */}
      <table aria-label="Practice days" className="w-full border-collapse text-xs tabular-nums">
        <thead>
          <tr>
            <Th>Day</Th>
            <Th align="right">Trades</Th>
            <Th align="right">Gross</Th>
            <Th align="right">Charges</Th>
            <Th align="right">Net</Th>
            <Th align="right">Win rate</Th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <Tr
              key={day.day}
              data-day={day.day}
              className={cn('cursor-pointer', day.day === selected && 'bg-surface-3')}
              onClick={() => onSelect(day.day)}
            >
              <Td>{dayText(day.day)}</Td>
              <Td align="right" className="font-mono">
                {day.trades}
              </Td>
              <Td align="right" className={cn('font-mono', signClass(day.gross))}>
                {formatNumber(day.gross)}
              </Td>
              <Td align="right" className="font-mono">
                {formatNumber(day.charges)}
              </Td>
              <Td align="right" className={cn('font-mono', signClass(day.net))}>
                {formatNumber(day.net)}
              </Td>
              <Td align="right" className="font-mono">
                {day.winRate === null ? '-' : `${formatNumber(day.winRate)}%`}
              </Td>
            </Tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DaySummaryDialog({
  open,
  onOpenChange,
  days,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  days: DaySummary[];
}) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const day = days.find((d) => d.day === selected) ?? days[0];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSelected(undefined);
        onOpenChange(next);
      }}
      className="max-w-2xl"
      title={day ? `Practice day summary: ${dayText(day.day)}` : 'Practice day summary'}
      description="Figures as the intraday square-off left them: gross P&L before charges, charges (brokerage, STT, exchange and SEBI fees, stamp duty, GST) and net P&L."
    >
      {day ? (
        <>
          <DayFigures day={day} />
          <DaysTable days={days} selected={day.day} onSelect={setSelected} />
        </>
      ) : (
        <p className="text-xs text-muted">
          No day has been squared off yet. The summary appears after the square-off.
        </p>
      )}
    </Dialog>
  );
}

/**
 * Practice Mode's day summaries: a button that opens them, and the dialog opening by itself once after the
 * square-off writes today's summary.
 */
export function PracticeDaySummaries() {
  return useIsPracticeMode() ? <DaySummaries /> : null;
}

function DaySummaries() {
  const days = useDaySummaries().data ?? NO_DAYS;
  const [open, setOpen] = useState(false);
  const latest = days[0];
  useEffect(() => {
    if (!latest || latest.day !== istToday()) return;
    const seen = window.localStorage.getItem(SEEN_KEY);
    if (seen === fingerprint(latest)) return;
    window.localStorage.setItem(SEEN_KEY, fingerprint(latest));
    setOpen(true);
  }, [latest]);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex h-7 items-center gap-1.5 self-center rounded-md border border-border px-2 text-[11px] font-medium text-muted hover:bg-surface-2 hover:text-fg"
      >
        <CalendarCheck className="size-3.5" aria-hidden />
        Day summary
      </button>
      <DaySummaryDialog open={open} onOpenChange={setOpen} days={days} />
    </>
  );
}
