import { CircleCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { expiryText } from './expiry-text';

/** /thank-you?expiry&plan: confirmation after subscribing. */
export function ThankYouPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const expiry = params.get('expiry');
  const plan = params.get('plan');
  const date = useMemo(() => (expiry === null ? '' : expiryText(expiry)), [expiry]);

  return (
    <main className="grid min-h-full place-items-center bg-bg p-6">
      <div className="w-full max-w-md rounded-xl border border-border bg-surface p-8 text-center shadow-lg shadow-black/20">
        <Logo className="justify-center" />
        <span className="mx-auto mt-8 grid size-14 place-items-center rounded-full bg-buy/15 text-buy">
          <CircleCheck className="size-8" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">Thank you!</h1>
        <p className="mt-2 text-muted">Start trading with the product!</p>
        {expiry !== null && (
          <div className="mt-6 space-y-1 rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm">
            {plan !== 'freeTrial' && <p className="text-muted">Your payment will be confirmed meanwhile.</p>}
            <p data-testid="expiry-sentence">
              Your subscription will expire on <strong className="font-semibold text-fg">{date}</strong>!
            </p>
          </div>
        )}
        <Button size="lg" className="mt-8 w-full" onClick={() => void navigate('/dashboard')}>
          Go to dashboard
        </Button>
      </div>
    </main>
  );
}
