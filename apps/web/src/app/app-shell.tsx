import { LogOut } from 'lucide-react';
import { Outlet } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { Button } from '../ui/button';
import { ErrorBoundary } from '../ui/error-boundary';
import { Logo } from '../ui/logo';
import { ThemeToggle } from './theme/theme-toggle';

/** Frame of the logged-in screens: header with logo, theme and logout, then the routed screen. */
export function AppShell() {
  const logout = useLogout();
  return (
    <div className="flex min-h-full flex-col">
      <header className="flex h-12 shrink-0 items-center justify-between border-b border-border bg-surface px-4">
        <Logo />
        <div className="flex items-center gap-3">
          <ThemeToggle />
          <Button variant="ghost" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
            {!logout.isPending && <LogOut className="size-3.5" aria-hidden />}
            Logout
          </Button>
        </div>
      </header>
      <div className="flex-1">
        <ErrorBoundary region="This screen">
          <Outlet />
        </ErrorBoundary>
      </div>
    </div>
  );
}
