import type { ReactNode } from 'react';
import { useOrders, usePositions } from '../../api/portfolio-queries';
import { useTradingSettings } from '../../state/trading-settings-store';
import { ErrorBoundary } from '../../ui/error-boundary';
import { ChartPanel } from '../chart/chart-panel';
import { ConfigBar } from '../config-bar/config-bar';
import { FollowUpTable } from '../follow-up/follow-up-table';
import { FundsWidget } from '../funds/funds-widget';
import { ExecutionHud } from '../journal/execution-hud';
import { FundsConfirmDialog } from '../order-panel/funds-confirm-dialog';
import { KeyboardHelp } from '../order-panel/keyboard-help';
import { MarketOrderCard } from '../order-panel/market-order-card';
import { OrderOptions } from '../order-panel/order-options';
import { StaleConfirmDialog } from '../order-panel/stale-confirm-dialog';
import { StopLossOrderCard } from '../order-panel/stop-loss-order-card';
import { useKeyboardTrading } from '../order-panel/use-keyboard-trading';
import { useLotSizeQuantities } from '../order-panel/use-lot-size-quantities';
import { usePlaceLimitOrder } from '../order-panel/use-place-limit';
import { usePlaceOrder } from '../order-panel/use-place-order';
import { PracticeDaySummaries } from '../practice/day-summary-dialog';
import { PriceLadder } from '../price-ladder/price-ladder';
import { ProfitProtectionBar } from '../profit-protection/profit-protection-bar';
import { StrikeLadder } from '../strike-ladder/strike-ladder';
import { FollowUpInstrumentPicker } from './follow-up-instrument-picker';
import { ladderSource } from './ladder-source';
import { OrderTabs } from './order-tabs';

const NO_POSITIONS: never[] = [];
const NO_ORDERS: never[] = [];

function Region({ name, children, className }: { name: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <ErrorBoundary region={name}>{children}</ErrorBoundary>
    </div>
  );
}

/**
 * The trading screen: configuration bar and funds, Profit Protection, the market and stop-loss
 * order cards (arrows and Shift + arrows trade) beside the strike ladder, then positions / open orders / executed orders.
 */
export function DashboardPage() {
  const placeOrder = usePlaceOrder();
  const placeLimit = usePlaceLimitOrder();
  const tradingKeys = useTradingSettings((s) => s.orderConfig.tradingKeysEnabled ?? true);
  useKeyboardTrading(placeOrder, tradingKeys);
  useLotSizeQuantities();
  const positions = usePositions().data?.netPosition ?? NO_POSITIONS;
  const orders = useOrders().data;
  return (
    <main className="flex h-full flex-col gap-2 overflow-auto p-2 short:gap-1.5">
      <h1 className="sr-only">Dashboard</h1>
      <KeyboardHelp />
      <Region
        name="Configuration bar"
        className="flex shrink-0 flex-wrap items-end gap-x-6 gap-y-2 rounded-lg border border-border bg-surface px-3 py-2 short:py-1"
      >
        {/* max-content wide: the instrument pickers stay on one line, the order options wrap under them if need be */}
        <div className="shrink-0">
          <ConfigBar />
        </div>
        <OrderOptions />
      </Region>
      <div className="flex shrink-0 flex-wrap items-stretch gap-2">
        <Region name="Profit Protection" className="min-w-0 flex-1">
          <ProfitProtectionBar />
        </Region>
        <Region name="Funds" className="flex gap-2">
          <FundsWidget />
          <ExecutionHud />
          <PracticeDaySummaries />
        </Region>
      </div>
      <section
        aria-label="Order panel"
        className="grid shrink-0 gap-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_13rem]"
      >
        <Region name="Market order" className="flex">
          <MarketOrderCard
            onIntent={placeOrder}
            followUp={<FollowUpTable InstrumentPicker={FollowUpInstrumentPicker} />}
            priceLadder={<PriceLadder placeLimit={placeLimit} />}
          />
        </Region>
        <Region name="Stop-loss order" className="flex">
          <StopLossOrderCard onIntent={placeOrder} />
        </Region>
        {/* As tall as the cards beside it on wide screens (its rows scroll), so it never pushes the tables down. */}
        <Region name="Strike ladder" className="relative flex max-h-72 lg:max-h-none">
          <div className="flex w-full lg:absolute lg:inset-0">
            <StrikeLadder source={ladderSource} />
          </div>
        </Region>
      </section>
      <Region name="Chart" className="shrink-0">
        <ChartPanel orders={orders?.openOrders ?? NO_ORDERS} positions={positions} />
      </Region>
      <OrderTabs positions={positions} orders={orders} />
      <FundsConfirmDialog />
      <StaleConfirmDialog />
    </main>
  );
}
