import { CandlestickChart, Gauge, ShieldCheck, Zap } from 'lucide-react';
import { Outlet } from 'react-router';
import { LegalLinks } from '../ui/legal-links';
import { Logo } from '../ui/logo';
import { ShortcutKeysCard } from './shortcut-keys-card';
import { ThemeToggle } from './theme/theme-toggle';

const HIGHLIGHTS = [
  { Icon: Zap, title: 'One-click orders', text: 'Buy or sell the ATM call or put with a single arrow key.' },
  {
    Icon: ShieldCheck,
    title: 'Risk on autopilot',
    text: 'Bracket orders, trailing stop-loss and MTM kill switch.',
  },
  { Icon: Gauge, title: 'No freeze limits', text: 'Large quantities are sliced for you automatically.' },
  {
    Icon: CandlestickChart,
    title: 'Practice Mode',
    text: 'Rehearse with virtual money on delayed live prices.',
  },
];

/** Frame of the login, signup and password-reset screens: brand panel beside the form. */
export function AuthLayout() {
  return (
    <div className="grid min-h-full lg:grid-cols-[minmax(0,4fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden border-r border-border bg-surface lg:flex lg:flex-col lg:justify-between lg:p-10">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-60 [background-image:linear-gradient(var(--xt-border)_1px,transparent_1px),linear-gradient(90deg,var(--xt-border)_1px,transparent_1px)] [background-size:44px_44px] [mask-image:radial-gradient(ellipse_at_top_left,black,transparent_70%)]"
        />
        <Logo className="relative" />
        <div className="relative max-w-md">
          <h2 className="text-3xl font-semibold leading-tight tracking-tight">
            Scalp index options <span className="text-accent">at the speed of a key press.</span>
          </h2>
          <p className="mt-3 text-sm text-muted">
            NIFTY, BANKNIFTY, SENSEX and every NSE and BSE index on one screen.
          </p>
          <ul className="mt-8 space-y-5">
            {HIGHLIGHTS.map(({ Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="grid size-8 shrink-0 place-items-center rounded-md border border-border bg-surface-2 text-accent">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span>
                  <span className="block text-sm font-medium">{title}</span>
                  <span className="block text-xs text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-10">
            <ShortcutKeysCard />
          </div>
        </div>
        <p className="relative text-xs text-subtle">
          Trading in derivatives involves risk. Trade responsibly.
        </p>
      </aside>
      <main className="relative flex flex-col items-center justify-center px-4 py-16 sm:px-8 xl:px-12">
        <div className="absolute top-4 right-4 flex items-center gap-3">
          <ThemeToggle />
        </div>
        <Logo className="mb-8 lg:hidden" />
        <Outlet />
        <LegalLinks className="mt-8" />
      </main>
    </div>
  );
}
