// Rendering only the rows of a long table that are in view (plus a margin), for tables of fixed-height rows.

import { useLayoutEffect, useRef, useState } from 'react';

/** Scroll position and height of a scroller, updated at most once a frame. */
export function useScrollWindow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) =>
        v.top === element.scrollTop && v.height === element.clientHeight
          ? v
          : { top: element.scrollTop, height: element.clientHeight },
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    read();
    element.addEventListener('scroll', schedule, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined;
    resize?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', schedule);
      resize?.disconnect();
    };
  }, []);
  return { ref, ...view };
}

export type RowWindow = { start: number; end: number };

/**
 * The rows worth rendering in a scroller `height` px tall scrolled to `top`, with `overscan` rows either side;
 * everything while the scroller's size is unknown (first render, tests without layout).
 */
export function visibleWindow(
  count: number,
  top: number,
  height: number,
  rowHeight: number,
  overscan: number,
): RowWindow {
  if (height <= 0) return { start: 0, end: count };
  const start = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((top + height) / rowHeight) + overscan);
  return { start, end };
}
