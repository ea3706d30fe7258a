import type { ProfitProtectionSettings, ProfitProtectionStatus } from '@xtrader/core/api/profit-protection';
import { formatRupee } from '@xtrader/core/format/format';
import { PNL_FIGURE_TEXT } from '@xtrader/core/pnl/figures';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog } from '../../ui/dialog';
import { checkDraft, type DraftField, draftFrom, type ProfitProtectionDraft } from './draft';
import { MtmInput } from './mtm-input';

type Props = {
  open: boolean;
  /** Closing without Save is Cancel: the draft is dropped. */
  onOpenChange: (open: boolean) => void;
  status: ProfitProtectionStatus;
  /** Trailing ticked when the modal opens (the bar's trailing switch opens it ticked). */
  trailingOnOpen?: boolean;
  /** Current total intraday P&L the target and max loss are checked against. */
  totalPnl: number;
  saving: boolean;
  onSave: (settings: ProfitProtectionSettings) => void;
};

/** The profit protection modal: target, max loss (stop) and optional MTM trailing, saved together. */
export function ProfitProtectionDialog({ open, onOpenChange, ...rest }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Profit Protection" className="max-w-md">
      {/* Mounted only while open, so every opening starts from the saved record. */}
      {open && <DraftForm {...rest} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function DraftForm({
  status,
  trailingOnOpen,
  totalPnl,
  saving,
  onSave,
  onCancel,
}: Omit<Props, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const [draft, setDraft] = useState<ProfitProtectionDraft>(() => ({
    ...draftFrom(status),
    profitTrailingEnabled: trailingOnOpen ?? status.profitTrailingEnabled,
  }));
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const { errors, settings } = checkDraft(draft, totalPnl);
  const shown = (field: DraftField) => (submitted || touched[field] ? errors[field] : undefined);
  const edit = (field: DraftField) => (text: string) => {
    setDraft((d) => ({ ...d, [field]: text }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  const trailingOff = !draft.profitTrailingEnabled;
  const mtmInput = (field: DraftField, id: string, label: string, disabled = false) => (
    <MtmInput
      id={id}
      label={label}
      value={draft[field]}
      onChange={edit(field)}
      error={shown(field)}
      disabled={disabled}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (settings) onSave(settings);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-xs text-muted">
        Current {PNL_FIGURE_TEXT.intradayMtm.label}{' '}
        <span className="font-medium tabular-nums text-fg">{formatRupee(totalPnl)}</span>
      </p>
      <div className="grid grid-cols-2 gap-3">
        {mtmInput('targetProfit', 'pp-target', 'Target Profit')}
        {mtmInput('maxLoss', 'pp-max-loss', 'Max Loss')}
      </div>
      <Checkbox
        label="MTM Trailing"
        checked={draft.profitTrailingEnabled}
        onCheckedChange={(checked) => setDraft((d) => ({ ...d, profitTrailingEnabled: checked }))}
      />
      <div className="grid grid-cols-2 gap-3">
        {mtmInput('increaseInProfit', 'pp-increase', 'For every increase in profit of', trailingOff)}
        {mtmInput('trailMaxLoss', 'pp-trail', 'Trail max loss by', trailingOff)}
      </div>
      <p className="text-xs text-muted">
        Works on intraday positions while you are logged in. When the target or max loss is reached, open
        orders are cancelled and every position is squared off at market.
      </p>
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
