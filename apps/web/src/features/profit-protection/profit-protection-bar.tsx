import type { ProfitProtectionSettings, ProfitProtectionStatus } from '@xtrader/core/api/profit-protection';
import { formatIndianInteger, formatRupee } from '@xtrader/core/format/format';
import { PNL_FIGURE_TEXT } from '@xtrader/core/pnl/figures';
import { Pencil, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '../../ui/cn';
import { Switch } from '../../ui/switch';
import { useProfitProtection } from './api/profit-protection-query';
import { useSaveProfitProtection } from './api/save-profit-protection';
import { DisciplineState } from './discipline-state';
import { ProfitProtectionDialog } from './profit-protection-dialog';
import { useIntradayMtm } from './use-intraday-mtm';

/** The settings part of the record, with the max loss as in force now (trailed). */
const settingsOf = (status: ProfitProtectionStatus): ProfitProtectionSettings => ({
  profitProtectionEnabled: status.profitProtectionEnabled,
  targetProfit: status.targetProfit,
  maxLoss: status.maxLoss,
  profitTrailingEnabled: status.profitTrailingEnabled,
  profitTrailingParams: status.profitTrailingParams,
});

const TRIGGER_TEXT = { target_reached: 'Target reached', max_loss_hit: 'Max loss hit' } as const;

/**
 * The Profit Protection bar: live Intraday MTM (core's definition, the figure the server watches), target and max loss (trailed as it
 * moves). Switching on opens the modal; switching off saves at once; trailing already on can be turned off at once.
 */
export function ProfitProtectionBar() {
  const { data: status } = useProfitProtection();
  const mtm = useIntradayMtm();
  const save = useSaveProfitProtection();
  const [dialog, setDialog] = useState<{ trailing?: boolean } | null>(null);
  const enabled = status?.profitProtectionEnabled === true;
  const trailing = enabled && status?.profitTrailingEnabled === true;

  const saveNow = (patch: Partial<ProfitProtectionSettings>) => {
    if (status) save.mutate({ ...settingsOf(status), ...patch });
  };

  return (
    <section
      aria-label="Profit Protection"
      className="flex flex-wrap items-center gap-x-5 gap-y-2 rounded-lg border border-border bg-surface px-3 py-2 text-xs"
    >
      <div className="flex items-center gap-2 font-semibold text-fg">
        <ShieldCheck className="size-4 text-accent" aria-hidden />
        Profit Protection
        <Switch
          aria-label="Profit Protection"
          checked={enabled}
          disabled={!status || save.isPending}
          onCheckedChange={(on) => (on ? setDialog({}) : saveNow({ profitProtectionEnabled: false }))}
        />
      </div>
      <Figure
        label={PNL_FIGURE_TEXT.intradayMtm.label}
        title={PNL_FIGURE_TEXT.intradayMtm.explanation}
        testId="pp-mtm"
      >
        <span className={cn(mtm !== undefined && (mtm < 0 ? 'text-sell' : 'text-buy'))}>
          {mtm === undefined ? '-' : formatRupee(mtm)}
        </span>
      </Figure>
      {status && <Limits status={status} enabled={enabled} />}
      <div className="flex items-center gap-2 text-muted">
        MTM Trailing
        <Switch
          aria-label="MTM Trailing"
          checked={trailing}
          disabled={!enabled || save.isPending}
          onCheckedChange={(on) =>
            on ? setDialog({ trailing: true }) : saveNow({ profitTrailingEnabled: false })
          }
        />
        {trailing && status && (
          <span className="tabular-nums text-fg">
            +{formatIndianInteger(status.profitTrailingParams.increaseInProfit)} → +
            {formatIndianInteger(status.profitTrailingParams.trailMaxLoss)}
          </span>
        )}
      </div>
      {enabled && (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-muted hover:bg-surface-2 hover:text-fg"
          onClick={() => setDialog({})}
        >
          <Pencil className="size-3" aria-hidden /> Edit
        </button>
      )}
      {!enabled && status?.lastTrigger && (
        <span className="text-muted" title={status.lastTrigger.message}>
          {TRIGGER_TEXT[status.lastTrigger.trigger]} at {formatRupee(status.lastTrigger.mtm)}
        </span>
      )}
      <DisciplineState />
      {status && (
        <ProfitProtectionDialog
          open={dialog !== null}
          onOpenChange={(open) => !open && setDialog(null)}
          status={status}
          {...(dialog?.trailing ? { trailingOnOpen: true } : {})}
          totalPnl={mtm ?? 0}
          saving={save.isPending}
          onSave={(settings) => save.mutate(settings, { onSuccess: () => setDialog(null) })}
        />
      )}
    </section>
  );
}

function Limits({ status, enabled }: { status: ProfitProtectionStatus; enabled: boolean }) {
  const trailed = status.maxLoss !== status.savedMaxLoss;
  return (
    <>
      <Figure label="Target" muted={!enabled}>
        {formatRupee(status.targetProfit)}
      </Figure>
      <Figure label="Max Loss" muted={!enabled}>
        {formatRupee(status.maxLoss)}
        {enabled && trailed && (
          <span className="ml-1 text-muted" title="Raised by MTM trailing">
            (from {formatRupee(status.savedMaxLoss)})
          </span>
        )}
      </Figure>
    </>
  );
}

type FigureProps = { label: string; title?: string; testId?: string; muted?: boolean; children: ReactNode };

function Figure({ label, title, testId, muted, children }: FigureProps) {
  return (
    <div className={cn('flex items-baseline gap-1.5', muted && 'opacity-60')}>
      <span className="text-muted" title={title}>
        {label}
      </span>
      <span
        className="font-medium tabular-nums text-fg"
        data-testid={testId ?? `pp-${label.toLowerCase().replace(' ', '-')}`}
      >
        {children}
      </span>
    </div>
  );
}
