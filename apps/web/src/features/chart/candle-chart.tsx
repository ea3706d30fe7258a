import {
  CANDLE_INTERVAL_MS,
  type Candle,
  type CandleInterval,
  mergeTick,
} from '@xtrader/core/market/candles';
import {
  type AutoscaleInfo,
  type CandlestickData,
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { toastError } from '../../api/toast-error';
import { type LiveFeed, liveFeed } from '../../live';
import { fetchCandles } from './candles-request';
import type { ChartLine } from './chart-lines';
import { type ChartColors, useChartColors } from './chart-theme';
import { LineHandle } from './line-handle';

/** The axis shows India time: bars are shifted by IST's offset (the library draws UTC). */
const IST_OFFSET_S = 19_800;
const toBar = (candle: Candle): CandlestickData<UTCTimestamp> => ({
  time: (candle.time / 1000 + IST_OFFSET_S) as UTCTimestamp,
  open: candle.open,
  high: candle.high,
  low: candle.low,
  close: candle.close,
});

function chartOptions(colors: ChartColors, interval: CandleInterval) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: colors.background },
      textColor: colors.text,
      fontSize: 11,
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderColor: colors.border },
    timeScale: { borderColor: colors.border, timeVisible: true, secondsVisible: interval === '1s' },
  };
}

const seriesOptions = (colors: ChartColors) => ({
  upColor: colors.up,
  downColor: colors.down,
  wickUpColor: colors.up,
  wickDownColor: colors.down,
  borderVisible: false,
  priceFormat: { type: 'price' as const, precision: 2, minMove: 0.05 },
});

/** The series' own price range widened to hold the lines' prices. */
function withLines(info: AutoscaleInfo | null, prices: readonly number[]): AutoscaleInfo | null {
  if (prices.length === 0) return info;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (!info?.priceRange) return { priceRange: { minValue: low, maxValue: high } };
  return {
    ...info,
    priceRange: {
      minValue: Math.min(info.priceRange.minValue, low),
      maxValue: Math.max(info.priceRange.maxValue, high),
    },
  };
}

type Props = {
  symbol: string;
  interval: CandleInterval;
  lines: readonly ChartLine[];
  /** Which prices the user sees; a new value loads the history again (chart-panel.tsx). */
  pricesKey?: string;
  feed?: LiveFeed;
};

/**
 * The candle chart itself (lazy-loaded with lightweight-charts): the server's recent candles of the symbol, then
 * every live tick merged into the last candle, and the order and position lines with their drag handles.
 */
export default function CandleChart({ symbol, interval, lines, pricesKey = '', feed = liveFeed }: Props) {
  const container = useRef<HTMLDivElement>(null);
  // The price scale takes in every line, so a stop-loss far from the price is on screen to be dragged.
  const linePrices = useRef<number[]>([]);
  linePrices.current = lines.map((line) => line.price);
  const [chart, setChart] = useState<{ api: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);
  const colors = useChartColors();
  const colorsRef = useRef(colors);
  colorsRef.current = colors;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const api = createChart(element, { autoSize: true, ...chartOptions(colorsRef.current, '1s') });
    const series = api.addSeries(CandlestickSeries, {
      ...seriesOptions(colorsRef.current),
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) =>
        withLines(original(), linePrices.current),
    });
    setChart({ api, series });
    return () => {
      setChart(null);
      api.remove();
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    chart.api.applyOptions(chartOptions(colors, interval));
    chart.series.applyOptions(seriesOptions(colors));
  }, [chart, colors, interval]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pricesKey only says when to load the history again
  useEffect(() => {
    if (!chart) return;
    const { series } = chart;
    const intervalMs = CANDLE_INTERVAL_MS[interval];
    let last: Candle | undefined;
    let loaded = false;
    series.setData([]);
    const merge = () => {
      const quote = feed.prices.get(symbol);
      if (!quote || !loaded) return;
      const result = mergeTick(last, { price: quote.lastPrice, ts: quote.ts }, intervalMs);
      if (result.kind === 'ignore') return;
      last = result.candle;
      series.update(toBar(last));
    };
    const controller = new AbortController();
    fetchCandles(symbol, interval, controller.signal)
      .then(({ candles }) => {
        series.setData(candles.map(toBar));
        last = candles.at(-1);
        loaded = true;
        merge();
        chart.api.timeScale().scrollToRealTime();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Without history the chart still draws from the live ticks.
        loaded = true;
        toastError(error, 'Chart history unavailable');
      });
    const stop = feed.prices.subscribe(symbol, merge);
    return () => {
      controller.abort();
      stop();
    };
  }, [chart, symbol, interval, feed, pricesKey]);

  return (
    <div className="relative h-full w-full" data-chart-symbol={symbol}>
      <div ref={container} className="absolute inset-0" />
      {chart &&
        lines.map((line) => <LineHandle key={line.key} line={line} series={chart.series} colors={colors} />)}
    </div>
  );
}
