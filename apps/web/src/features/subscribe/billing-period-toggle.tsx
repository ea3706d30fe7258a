import { BILLING_PERIODS, type PlanKey } from '@xtrader/core/api/billing';
import { cn } from '../../ui/cn';

type PaidPlan = (typeof BILLING_PERIODS)[number]['plan'];

/** Quarterly / Half Yearly / Yearly: which Premium plan the second card shows. */
export function BillingPeriodToggle({
  value,
  onChange,
}: {
  value: PlanKey;
  onChange: (plan: PaidPlan) => void;
}) {
  return (
    <fieldset
      aria-label="Billing period"
      className="inline-flex rounded-lg border border-border bg-surface p-1 shadow-sm shadow-black/10"
    >
      {BILLING_PERIODS.map((period) => (
        <button
          key={period.plan}
          type="button"
          aria-pressed={value === period.plan}
          onClick={() => onChange(period.plan)}
          className={cn(
            'h-8 rounded-md px-4 text-sm font-medium text-muted transition-colors hover:text-fg',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === period.plan && 'bg-accent text-accent-fg shadow-sm hover:text-accent-fg',
          )}
        >
          {period.label}
        </button>
      ))}
    </fieldset>
  );
}
