import { ArrowLeft } from 'lucide-react';
import { TextLink } from '../../ui/text-link';

/** Pricing page; plans, cards and the feature table arrive with the subscription issue. */
export function SubscribePage() {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <TextLink to="/dashboard" className="inline-flex items-center gap-1 text-sm">
        <ArrowLeft className="size-4" aria-hidden /> Go Back
      </TextLink>
      <h1 className="mt-6 text-center text-2xl font-semibold">Pricing</h1>
      <p className="mt-1 text-center text-sm text-muted">Add Broker, Purchase Plan &amp; Start Trading</p>
    </main>
  );
}
