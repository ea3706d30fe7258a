import { PLAN_FEATURES } from '@xtrader/core/api/billing';
import { FREE_TRIAL_DAYS } from '@xtrader/core/constants';
import { Check } from 'lucide-react';

/** What the free trial includes: the ten product features. */
export function ProductBenefits() {
  return (
    <section aria-labelledby="benefits-heading">
      <h2 id="benefits-heading" className="text-sm font-semibold">
        Everything included for {FREE_TRIAL_DAYS} days
      </h2>
      <ul className="mt-4 grid gap-2.5">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature} className="flex items-center gap-2.5 text-sm text-muted">
            <span className="grid size-4 shrink-0 place-items-center rounded-full bg-buy/15 text-buy">
              <Check className="size-3" strokeWidth={3} aria-hidden />
            </span>
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
