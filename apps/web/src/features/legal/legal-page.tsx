import type { OperatorDetails } from '@xtrader/core/api/operator';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useOperator } from '../../api/operator-query';
import { LEGAL_PAGES } from '../../config/product';
import { cn } from '../../ui/cn';
import { Logo } from '../../ui/logo';

/** Shown for each operator detail while it loads, or if it cannot be read. */
const PENDING: OperatorDetails = {
  configured: true,
  legalName: '…',
  address: '…',
  email: '…',
  phone: '…',
  grievanceOfficer: '…',
  grievanceEmail: '…',
  jurisdiction: '…',
  demoUrl: null,
};

/** Frame of the terms, privacy, risk disclosure and contact pages: header, page tabs, a readable column. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: (operator: OperatorDetails) => ReactNode;
}) {
  const { data, isError } = useOperator();
  const operator = data ?? PENDING;
  return (
    <div className="min-h-full bg-bg">
      <header className="border-b border-border bg-surface/80 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to="/"
            aria-label="X-Trader home"
            className="rounded-md focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo />
          </Link>
          <nav aria-label="Legal pages" className="flex flex-wrap justify-end gap-1 text-xs sm:text-sm">
            {LEGAL_PAGES.map((page) => (
              <NavLink
                key={page.path}
                to={page.path}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-2 py-1 font-medium transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive ? 'text-fg' : 'text-muted',
                  )
                }
              >
                {page.title}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{title}</h1>
        {intro && <p className="mt-3 text-[15px] leading-7 text-muted">{intro}</p>}
        {(data?.configured === false || isError) && (
          <p
            role="note"
            className="mt-6 rounded-md border border-warn/40 bg-warn/10 px-4 py-3 text-sm text-warn"
          >
            {isError
              ? "The operator's details could not be loaded; reload the page."
              : 'The operator of this installation has not configured its details yet (XT_OPERATOR_* settings).'}
          </p>
        )}
        <div className="mt-8 space-y-8">{children(operator)}</div>
      </main>
      <footer className="border-t border-border py-6 text-center text-xs text-subtle">
        X-Trader is operated by {operator.legalName}.
      </footer>
    </div>
  );
}

/** One numbered or titled part of a legal page. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-[15px] leading-7 text-fg/90">
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}

/** A bulleted list in the page's type. */
export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-subtle">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static copy, never reordered
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
