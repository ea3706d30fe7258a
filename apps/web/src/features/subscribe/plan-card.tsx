import type { Plan } from '@xtrader/core/api/billing';
import { FREE_TRIAL_DAYS } from '@xtrader/core/constants';
import { formatRupee } from '@xtrader/core/format/format';
import { Check } from 'lucide-react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';

type Props = {
  plan: Plan;
  /** Short lines under the price: what the plan brings. */
  highlights: readonly string[];
  featured?: boolean;
  loading: boolean;
  disabled: boolean;
  onSubscribe: () => void;
};

/** One pricing card: rupee price, '+ gst' or '14 days', struck-out original price, saving, Subscribe. */
export function PlanCard({ plan, highlights, featured = false, loading, disabled, onSubscribe }: Props) {
  const isTrial = plan.key === 'freeTrial';
  const discounted = plan.originalPrice > plan.discountedPrice;
  const headingId = `plan-${plan.key}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col rounded-xl border bg-surface p-6 shadow-lg shadow-black/10',
        featured ? 'border-accent/70 ring-1 ring-accent/40' : 'border-border',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {plan.title}
          </h2>
          <p className="text-sm text-muted">
            {isTrial ? 'Try everything, free' : `${plan.description} plan`}
          </p>
        </div>
        {discounted && (
          <span className="rounded-full bg-buy/15 px-2.5 py-1 text-xs font-semibold text-buy">
            Save {plan.discountPercentage}%
          </span>
        )}
      </header>
      <div className="mt-6 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span data-testid="plan-price" className="text-4xl font-semibold tracking-tight">
          {formatRupee(plan.discountedPrice)}
        </span>
        <span className="text-sm font-medium text-muted">
          {isTrial ? `${FREE_TRIAL_DAYS} days` : '+ gst'}
        </span>
        {discounted && (
          <s data-testid="plan-original-price" className="text-base text-subtle">
            {formatRupee(plan.originalPrice)}
          </s>
        )}
      </div>
      <ul className="mt-6 grid flex-1 content-start gap-2.5">
        {highlights.map((line) => (
          <li key={line} className="flex items-start gap-2.5 text-sm text-muted">
            <Check className="mt-0.5 size-4 shrink-0 text-buy" strokeWidth={2.5} aria-hidden />
            {line}
          </li>
        ))}
      </ul>
      <Button
        size="lg"
        variant={featured ? 'primary' : 'secondary'}
        className="mt-8 w-full"
        loading={loading}
        disabled={disabled}
        onClick={onSubscribe}
        aria-label={`Subscribe to ${plan.title}${isTrial ? '' : ` ${plan.description}`}`}
      >
        Subscribe
      </Button>
    </article>
  );
}
