import { ArrowLeft, CalendarClock, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useOperator } from '../../api/operator-query';
import { CONTACT_PATH } from '../../config/product';
import { cn } from '../../ui/cn';
import { Logo } from '../../ui/logo';
import { MONEY_BACK_GUARANTEE } from './pricing-content';

const headerLink =
  'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Go Back to the dashboard, the money-back guarantee and Book a Demo (the operator's booking page, or Contact). */
export function PricingHeader() {
  const demoUrl = useOperator().data?.demoUrl ?? CONTACT_PATH;
  return (
    <header className="border-b border-border bg-surface/80 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/dashboard" className={cn(headerLink, 'text-muted hover:bg-surface-2 hover:text-fg')}>
          <ArrowLeft className="size-4" aria-hidden /> Go Back
        </Link>
        <Logo className="hidden sm:inline-flex" />
        <a
          href={demoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(headerLink, 'border border-border-strong bg-surface-2 text-fg hover:bg-surface-3')}
        >
          <CalendarClock className="size-4" aria-hidden /> Book a Demo
        </a>
      </div>
      <p className="flex items-center justify-center gap-2 border-t border-border bg-buy/10 px-4 py-2 text-center text-xs font-medium text-buy sm:text-sm">
        <ShieldCheck className="size-4 shrink-0" aria-hidden />
        {MONEY_BACK_GUARANTEE}
      </p>
    </header>
  );
}
