import { USER_SETTINGS_PANEL_HEIGHT_PX } from '@xtrader/core/constants';
import { getIndex, INDEX_NAMES } from '@xtrader/core/market/indices';
import { type ReactNode, useEffect, useState } from 'react';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog } from '../../ui/dialog';
import { NumberStepper } from '../../ui/number-stepper';
import { AlertsSection } from './alerts-section';
import { DisciplineSection } from './discipline-section';
import { KeysSection } from './keys-section';
import { LadderSettings } from './ladder-settings';
import * as rules from './settings-draft';
import { useApplySettings } from './use-apply-settings';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <span className="text-xs text-fg">{label}</span>
      <div className="flex items-center gap-2">{children}</div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-border pb-2 last:border-b-0">
      <h3 className="pt-2 pb-1 text-[10px] font-semibold tracking-wider text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/**
 * User Settings: modify step, exit-all market protection, discipline rules, trading keys, ladders, default
 * quantities and stop-loss trigger/limit differences per index. Keys and ladders are kept in this browser at
 * once; the server's settings stay in a draft until Apply saves them (panel 450 px high).
 */
export function UserSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const saved = useTradingSettings((s) => s.userSettingsState);
  const [draft, setDraft] = useState(saved);
  // What the draft started from: Apply sends only the differences.
  const [base, setBase] = useState(saved);
  // A fresh draft from the saved settings each time the dialog opens; Cancel simply drops it.
  useEffect(() => {
    if (!open) return;
    const current = useTradingSettings.getState().userSettingsState;
    setDraft(current);
    setBase(current);
  }, [open]);
  const apply = useApplySettings(() => onOpenChange(false));
  const edit = (change: (d: rules.Draft) => rules.Draft) => setDraft((d) => change(d));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="User Settings"
      className="max-w-xl"
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            loading={apply.isPending}
            onClick={() => apply.mutate(rules.changedSettings(base, draft))}
          >
            Apply
          </Button>
        </>
      }
    >
      <div className="overflow-y-auto pr-1" style={{ height: USER_SETTINGS_PANEL_HEIGHT_PX }}>
        <Section title="Orders">
          <Row label="Modify step (price +/- buttons)">
            <NumberStepper
              className="w-28"
              label="Modify step"
              value={draft.modifyStep}
              onCommit={(v) => edit((d) => rules.commitModifyStep(d, v))}
              onStep={(dir) => edit((d) => rules.stepModifyStep(d, dir))}
            />
          </Row>
          <Row label="Exit All market protection">
            <Checkbox
              checked={draft.exitAllMarketProtection.enabled}
              onCheckedChange={(enabled) =>
                edit((d) => ({ ...d, exitAllMarketProtection: { ...d.exitAllMarketProtection, enabled } }))
              }
              label="Enabled"
            />
            <NumberStepper
              className="w-24"
              label="Exit All market protection %"
              value={draft.exitAllMarketProtection.percentage}
              disabled={!draft.exitAllMarketProtection.enabled}
              onCommit={(v) => edit((d) => rules.commitExitAllPercent(d, v))}
              onStep={(dir) => edit((d) => rules.stepExitAllPercent(d, dir))}
            />
          </Row>
          <Row label="Use default quantity when the lot size changes">
            <Checkbox
              checked={draft.useDefaultQuantity}
              onCheckedChange={(useDefaultQuantity) => edit((d) => ({ ...d, useDefaultQuantity }))}
              label="Use default quantity"
            />
          </Row>
        </Section>
        <Section title="Discipline (blank = off)">
          <DisciplineSection
            value={draft.discipline}
            onChange={(discipline) => edit((d) => ({ ...d, discipline }))}
          />
        </Section>
        <Section title="Alerts">
          <AlertsSection value={draft.alerts} onChange={(alerts) => edit((d) => ({ ...d, alerts }))} />
        </Section>
        <Section title="Keys (this browser)">
          <KeysSection />
        </Section>
        <Section title="Ladders (this browser)">
          <LadderSettings />
        </Section>
        <Section title="Per index">
          <table className="w-full text-xs">
            <thead className="text-[10px] tracking-wide text-muted uppercase">
              <tr>
                <th className="py-1 text-left font-medium">Index</th>
                <th className="py-1 text-left font-medium">Default quantity</th>
                <th className="py-1 text-left font-medium">SL trigger/limit difference</th>
              </tr>
            </thead>
            <tbody>
              {INDEX_NAMES.map((index) => (
                <tr key={index} className="border-t border-border/60">
                  <td className="py-1 font-medium">{getIndex(index).displayName}</td>
                  <td className="py-1 pr-2">
                    <NumberStepper
                      label={`${index} default quantity`}
                      inputMode="numeric"
                      value={draft.defaultQuantity[index]}
                      onCommit={(v) => edit((d) => rules.commitDefaultQuantity(d, index, v))}
                      onStep={(dir) => edit((d) => rules.stepDefaultQuantity(d, index, dir))}
                    />
                  </td>
                  <td className="py-1">
                    <NumberStepper
                      label={`${index} SL trigger/limit difference`}
                      value={draft.SLTriggerPriceDifference[index]}
                      onCommit={(v) => edit((d) => rules.commitSlDifference(d, index, v))}
                      onStep={(dir) => edit((d) => rules.stepSlDifference(d, index, dir))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      </div>
    </Dialog>
  );
}
