import { PLAN_FEATURES } from '@xtrader/core/api/billing';
import { Check } from 'lucide-react';

const Tick = () => (
  <span className="inline-grid size-5 place-items-center rounded-full bg-buy/15 text-buy">
    <Check className="size-3.5" strokeWidth={3} aria-label="Included" />
  </span>
);

/** The ten features, ticked for both plans. */
export function FeatureTable() {
  return (
    <section aria-labelledby="features-heading" className="mt-16">
      <h2 id="features-heading" className="text-center text-xl font-semibold tracking-tight">
        Everything you need, in both plans
      </h2>
      <div className="mt-6 overflow-hidden rounded-xl border border-border bg-surface">
        <table className="w-full text-sm">
          <thead className="bg-surface-2 text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-5 py-3 font-semibold">
                Features
              </th>
              <th scope="col" className="w-32 px-5 py-3 text-center font-semibold">
                Free Trial
              </th>
              <th scope="col" className="w-32 px-5 py-3 text-center font-semibold">
                Premium
              </th>
            </tr>
          </thead>
          <tbody>
            {PLAN_FEATURES.map((feature) => (
              <tr key={feature} className="border-t border-border">
                <th scope="row" className="px-5 py-3 text-left font-normal">
                  {feature}
                </th>
                <td className="px-5 py-3 text-center">
                  <Tick />
                </td>
                <td className="px-5 py-3 text-center">
                  <Tick />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
