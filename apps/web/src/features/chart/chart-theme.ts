import { useEffect, useState } from 'react';

/** The chart's colours, read from the app's palette (CSS variables of the theme on <html>). */
export type ChartColors = {
  background: string;
  text: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  stop: string;
  target: string;
  entry: string;
};

function readColors(root: HTMLElement): ChartColors {
  const style = getComputedStyle(root);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--xt-surface', '#14171c'),
    text: read('--xt-muted', '#8a93a3'),
    grid: read('--xt-border', '#272c35'),
    border: read('--xt-border-strong', '#363d49'),
    up: read('--xt-buy', '#26a96c'),
    down: read('--xt-sell', '#ef4f4f'),
    stop: read('--xt-sell', '#ef4f4f'),
    target: read('--xt-buy', '#26a96c'),
    entry: read('--xt-accent', '#2f81f7'),
  };
}

/** The palette now, read again whenever the theme class on <html> changes. */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(() => readColors(document.documentElement));
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => setColors(readColors(root)));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}
