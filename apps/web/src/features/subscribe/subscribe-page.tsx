import { PLAN_FEATURES, PLANS, type PlanKey } from '@xtrader/core/api/billing';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { LegalLinks } from '../../ui/legal-links';
import { useSelectPlan } from './api/select-plan';
import { BillingPeriodToggle } from './billing-period-toggle';
import { FeatureTable } from './feature-table';
import { PlanCard } from './plan-card';
import { PREMIUM_HIGHLIGHTS } from './pricing-content';
import { PricingHeader } from './pricing-header';
import { Testimonials } from './testimonials';

const TRIAL_HIGHLIGHTS = [
  'All ten features included',
  'Trade with your broker or in Practice Mode',
  'No card needed',
];

/** /subscribe: the pricing page (Free Trial and Premium cards, features, testimonials). */
export function SubscribePage() {
  const navigate = useNavigate();
  const [premiumPlan, setPremiumPlan] = useState<PlanKey>('x-trader-quarterly');
  const selectPlan = useSelectPlan();
  const busyWith = selectPlan.isPending ? selectPlan.variables : undefined;
  const cardProps = (plan: PlanKey) => ({
    loading: busyWith === plan,
    disabled: selectPlan.isPending,
    onSubscribe: () => selectPlan.mutate(plan),
  });

  return (
    <div className="min-h-full bg-bg">
      <PricingHeader />
      <main className="mx-auto max-w-5xl px-4 pb-16 pt-12 sm:px-6">
        <section aria-labelledby="pricing-heading" className="text-center">
          <h1 id="pricing-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            Pricing
          </h1>
          <p className="mt-2 text-muted">Add Broker, Purchase Plan &amp; Start Trading</p>
          <div className="mt-8">
            <BillingPeriodToggle value={premiumPlan} onChange={setPremiumPlan} />
          </div>
        </section>
        <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
          <PlanCard plan={PLANS.freeTrial} highlights={TRIAL_HIGHLIGHTS} {...cardProps('freeTrial')} />
          <PlanCard
            plan={PLANS[premiumPlan]}
            highlights={PREMIUM_HIGHLIGHTS}
            featured
            {...cardProps(premiumPlan)}
          />
        </div>
        <p className="mt-4 text-center text-xs text-subtle">
          Prices in rupees. GST (18%) is added at checkout. {PLAN_FEATURES.length} features in every plan.
        </p>
        <FeatureTable />
        <Testimonials />
        <div className="mt-12 flex justify-center">
          <Button variant="secondary" size="lg" onClick={() => void navigate('/dashboard')}>
            <ArrowLeft className="size-4" aria-hidden /> Go Back
          </Button>
        </div>
        <LegalLinks className="mt-10" />
      </main>
    </div>
  );
}
