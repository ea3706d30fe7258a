import { useQuery } from '@tanstack/react-query';
import type { Order } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';
import { CANDLE_INTERVALS } from '@xtrader/core/market/candles';
import { getIndex } from '@xtrader/core/market/indices';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { feedStatusQuery } from '../../api/feed-status-query';
import { isProvisionalOrder } from '../../api/provisional-orders';
import { useLiveSymbols } from '../../live';
import { useTradingSettings } from '../../state/trading-settings-store';
import { Segmented } from '../../ui/segmented';
import { Spinner } from '../../ui/spinner';
import { chartLines } from './chart-lines';
import { CHART_LEGS, type ChartLeg, useChartSettings } from './chart-settings';
import { useChartKeys } from './use-chart-keys';

// lightweight-charts comes with the chart only: the dashboard's first load stays without it.
const CandleChart = lazy(() => import('./candle-chart'));

const LEG_OPTIONS = CHART_LEGS.map((leg) => ({ value: leg, label: leg === 'INDEX' ? 'Index' : leg }));
const INTERVAL_OPTIONS = CANDLE_INTERVALS.map((interval) => ({ value: interval, label: interval }));

/** The trading symbol the chart shows for a leg, from the configuration bar's choice ('' until it has one). */
function useChartedSymbol(leg: ChartLeg): { symbol: string; name: string } {
  const config = useTradingSettings((s) => s.orderConfig);
  if (leg === 'INDEX') {
    const name = getIndex(config.index).displayName;
    return { symbol: name, name };
  }
  return leg === 'CE'
    ? { symbol: config.callTradingSymbol, name: config.callIdentifier || config.callTradingSymbol }
    : { symbol: config.putTradingSymbol, name: config.putIdentifier || config.putTradingSymbol };
}

/**
 * Which prices the user sees (source, view, replayed day): when it changes (Practice Mode on or off, a replay
 * starts), the chart loads the history again, since the new prices' times do not follow the old candles'.
 */
const usePricesKey = () =>
  useQuery({
    ...feedStatusQuery,
    select: (status) => `${status.source}|${status.broker ?? ''}|${status.view}|${status.replay?.id ?? ''}`,
  }).data ?? '';

/**
 * The premium chart: candles of the configuration bar's CE, PE or index (the `c` key cycles), 1 s or 1 m, with
 * the lines of the contract's positions and working orders. Collapsible; the chart code loads when first shown.
 */
export function ChartPanel({
  orders,
  positions,
}: {
  orders: readonly Order[];
  positions: readonly Position[];
}) {
  useChartKeys();
  const { open, leg, interval, setOpen, setLeg, setInterval } = useChartSettings();
  const { symbol, name } = useChartedSymbol(leg);
  const pricesKey = usePricesKey();
  useLiveSymbols(open && symbol ? [symbol] : []);
  const lines = useMemo(
    () => chartLines(leg === 'INDEX' ? null : symbol, orders, positions, isProvisionalOrder),
    [leg, symbol, orders, positions],
  );
  return (
    <section aria-label="Chart" className="shrink-0 rounded-lg border border-border bg-surface">
      <header className="flex flex-wrap items-center gap-2 px-2 py-1.5 short:py-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="premium-chart"
          onClick={() => setOpen(!open)}
          className="inline-flex items-center gap-1 rounded px-1 text-xs font-semibold tracking-wide text-fg hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {open ? (
            <ChevronDown className="size-3.5" aria-hidden />
          ) : (
            <ChevronRight className="size-3.5" aria-hidden />
          )}
          CHART
        </button>
        <span className="min-w-0 truncate font-mono text-xs text-muted" data-testid="chart-instrument">
          {name || 'Choose a strike'}
        </span>
        {/* Collapsed on a short screen the bar is one slim line: the choices show when it opens (C still cycles). */}
        <div
          className={
            open ? 'ml-auto flex items-center gap-2' : 'ml-auto flex items-center gap-2 short:hidden'
          }
        >
          <Segmented
            aria-label="Charted instrument (C)"
            value={leg}
            options={LEG_OPTIONS}
            onChange={setLeg}
          />
          <Segmented
            aria-label="Candle interval"
            value={interval}
            options={INTERVAL_OPTIONS}
            onChange={setInterval}
          />
        </div>
      </header>
      {open && (
        <div id="premium-chart" className="h-72 border-t border-border short:h-52">
          {symbol ? (
            <Suspense
              fallback={
                <div className="flex h-full items-center justify-center">
                  <Spinner label="Loading chart" />
                </div>
              }
            >
              <CandleChart symbol={symbol} interval={interval} lines={lines} pricesKey={pricesKey} />
            </Suspense>
          ) : (
            <p className="flex h-full items-center justify-center text-xs text-muted">
              The chart shows once the configuration bar has chosen a strike.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
