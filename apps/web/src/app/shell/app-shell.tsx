import { lazy, Suspense } from 'react';
import { PageLoading } from '../page-loading';

// The shell pulls in the trading screen's dialogs, menus and data layer; loading it lazily keeps all of that out
// of the login route's JavaScript.
const TradingShell = lazy(() => import('./trading-shell').then((m) => ({ default: m.TradingShell })));

/** Frame of the logged-in screens, loaded on first use. */
export function AppShell() {
  return (
    <Suspense fallback={<PageLoading />}>
      <TradingShell />
    </Suspense>
  );
}
