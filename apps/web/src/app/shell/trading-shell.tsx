import { type ReactNode, useState } from 'react';
import { Outlet } from 'react-router';
import { FeedBadge } from '../../features/market-feed/feed-badge';
import { ConnectionPill } from '../../features/market-header/connection-pill';
import { HeaderQuotes } from '../../features/market-header/header-quotes';
import { MarketCountdown } from '../../features/market-session/market-countdown';
import { BrokerStatusCard } from '../../features/practice/broker-status-card';
import { PracticeModeSwitch } from '../../features/practice/practice-mode-switch';
import { ReplayControl } from '../../features/practice/replay-dialog';
import { UserSettingsDialog } from '../../features/user-settings/user-settings-dialog';
import { ErrorBoundary } from '../../ui/error-boundary';
import { Logo } from '../../ui/logo';
import { AppMenu } from './app-menu';
import { ExitAllButton } from './exit-all-button';
import { FullscreenToggle } from './fullscreen-toggle';
import { LoginWithBrokerDialog } from './login-with-broker-dialog';
import { useTradingWiring } from './use-trading-wiring';

/** Slots the market-data feature fills: header quotes and the live-connection pill. */
export type ShellSlots = { quotes?: ReactNode; connection?: ReactNode };

/**
 * Frame of the logged-in screens: logo, live header quotes, the market countdown, Practice Mode switch,
 * broker status, Exit All, fullscreen, theme and the menu (Add Broker, User Settings, Subscribe, trading
 * platform, Logout); then the routed screen.
 */
export function TradingShell({ quotes = <HeaderQuotes />, connection = <ConnectionPill /> }: ShellSlots) {
  useTradingWiring();
  const [dialog, setDialog] = useState<'broker' | 'settings' | null>(null);
  const openBroker = () => setDialog('broker');
  return (
    <div className="flex h-full flex-col">
      <header className="z-30 flex h-11 shrink-0 items-center gap-4 border-b border-border bg-surface px-3">
        <Logo className="shrink-0" />
        <div className="hidden min-w-0 flex-1 items-center gap-4 overflow-hidden lg:flex">{quotes}</div>
        <div className="ml-auto flex shrink-0 items-center gap-2.5">
          <span className="hidden md:inline">
            <MarketCountdown />
          </span>
          {connection}
          <FeedBadge />
          <PracticeModeSwitch />
          <ReplayControl />
          <BrokerStatusCard onTradeWithBroker={openBroker} />
          <ExitAllButton />
          <div className="h-5 w-px bg-border" aria-hidden />
          <FullscreenToggle />
          <AppMenu onAddBroker={openBroker} onUserSettings={() => setDialog('settings')} />
        </div>
      </header>
      <div className="min-h-0 flex-1">
        <ErrorBoundary region="This screen">
          <Outlet />
        </ErrorBoundary>
      </div>
      <LoginWithBrokerDialog
        open={dialog === 'broker'}
        onOpenChange={(open) => setDialog(open ? 'broker' : null)}
      />
      <UserSettingsDialog
        open={dialog === 'settings'}
        onOpenChange={(open) => setDialog(open ? 'settings' : null)}
      />
    </div>
  );
}
