import { roundToTick } from '@xtrader/core/orders/price-rules';
import { type IPriceLine, type ISeriesApi, LineStyle } from 'lightweight-charts';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useModifyOrder } from '../../api/order-actions';
import { useSteppedPrice } from '../../api/use-stepped-price';
import { cn } from '../../ui/cn';
import type { ChartLine, ChartLineKind } from './chart-lines';
import type { ChartColors } from './chart-theme';

const KIND_NAMES: Record<ChartLineKind, string> = { entry: 'Entry', stop: 'Stop-loss', target: 'Target' };
const KIND_STYLES: Record<ChartLineKind, string> = {
  entry: 'border-accent/60 text-accent',
  stop: 'border-sell/60 text-sell',
  target: 'border-buy/60 text-buy',
};

/** How long an accepted price is shown before the order list's price is believed again. */
const ACCEPTED_PRICE_HOLD_MS = 5_000;

/** The part of the series a line needs: its price line, and prices to pixels and back. */
type LineSeries = Pick<
  ISeriesApi<'Candlestick'>,
  'createPriceLine' | 'removePriceLine' | 'priceToCoordinate' | 'coordinateToPrice'
>;

type Props = { line: ChartLine; series: LineSeries; colors: ChartColors };

/**
 * One line on the chart and its handle. An order's line can be dragged (or its handle focused and moved with
 * the up and down arrows, one modify step each): the new price goes through the open-orders table's price box,
 * the same validation and the same modify request; a refused price snaps back, with the server's toast.
 */
export function LineHandle({ line, series, colors }: Props) {
  const modify = useModifyOrder();
  // The price sent, shown until the order list has it (or the server refuses it: the line snaps back).
  const [sent, setSent] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const field = useSteppedPrice(line.price, (price) => {
    if (!line.orderId) return;
    setSent(price);
    modify.mutate({ orderId: line.orderId, triggerPrice: price }, { onError: () => setSent(null) });
  });
  // A new price from the server (the sent one, or another) ends the wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order's price changes
  useEffect(() => setSent(null), [line.price]);
  // Accepted but the list still says the old price a while later (the broker refused it afterwards): show the list.
  useEffect(() => {
    if (sent === null || !modify.isSuccess) return;
    const timer = setTimeout(() => setSent(null), ACCEPTED_PRICE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [sent, modify.isSuccess]);
  const shown = dragged ?? sent ?? field.value;

  const priceLine = useRef<IPriceLine | null>(null);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const color = line.kind === 'stop' ? colors.stop : line.kind === 'target' ? colors.target : colors.entry;
  useEffect(() => {
    const created = series.createPriceLine({
      price: shownRef.current,
      color,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
    });
    priceLine.current = created;
    return () => {
      priceLine.current = null;
      series.removePriceLine(created);
    };
  }, [series, color]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new price line (colour change) takes them again
  useEffect(() => {
    priceLine.current?.applyOptions({ price: shown, title: line.title, axisLabelVisible: true });
  }, [shown, line.title, color]);

  // The handle follows its line as the price scale moves (new candles rescale it): placed once per frame.
  const handle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let frame = 0;
    const place = () => {
      const y = series.priceToCoordinate(shownRef.current);
      const element = handle.current;
      if (element) {
        const height = element.parentElement?.clientHeight ?? 0;
        const outside = y === null || y < 0 || (height > 0 && y > height);
        element.style.visibility = outside ? 'hidden' : 'visible';
        if (y !== null) element.style.top = `${y}px`;
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => cancelAnimationFrame(frame);
  }, [series]);

  const draggable = Boolean(line.orderId);
  const priceAt = (event: PointerEvent<HTMLElement>): number | null => {
    const overlay = event.currentTarget.parentElement?.getBoundingClientRect();
    const price = series.coordinateToPrice(event.clientY - (overlay?.top ?? 0));
    return price === null ? null : roundToTick(price);
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!draggable || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragged(shown);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (dragged === null) return;
    const price = priceAt(event);
    if (price !== null) setDragged(price);
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (dragged === null) return;
    const price = priceAt(event) ?? dragged;
    setDragged(null);
    field.onCommit(price);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!draggable || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    // The arrows move this line; they must not reach the page's trading keys.
    event.preventDefault();
    event.stopPropagation();
    field.onStep(event.key === 'ArrowUp' ? 'up' : 'down');
  };

  const name = KIND_NAMES[line.kind];
  return (
    <button
      ref={handle}
      type="button"
      data-chart-line={line.kind}
      data-order-id={line.orderId}
      data-price={shown.toFixed(2)}
      aria-label={`${name} line ${line.title} at ${shown.toFixed(2)}${draggable ? ': drag, or arrow keys to move' : ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDragged(null)}
      onKeyDown={onKeyDown}
      className={cn(
        'absolute left-2 z-10 -translate-y-1/2 select-none rounded border bg-surface/90 px-1.5 py-px font-mono text-[10px] font-semibold shadow-sm',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        KIND_STYLES[line.kind],
        draggable ? 'cursor-ns-resize touch-none' : 'cursor-default',
        dragged !== null && 'ring-2 ring-ring',
      )}
    >
      {line.title} · {shown.toFixed(2)}
    </button>
  );
}
