import { Link } from 'react-router';
import { cn } from '../../ui/cn';

/** Post-subscription confirmation; the expiry sentence arrives with the subscription issue. */
export function ThankYouPage() {
  return (
    <main className="grid min-h-full place-items-center p-6">
      <div className="text-center">
        <h1 className="text-2xl font-semibold">Thank you!</h1>
        <p className="mt-2 text-sm text-muted">Start trading with the product!</p>
        <Link
          to="/dashboard"
          className={cn(
            'mt-6 inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-accent-fg',
            'hover:bg-accent-hover',
          )}
        >
          Go to dashboard
        </Link>
      </div>
    </main>
  );
}
