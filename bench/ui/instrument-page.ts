/// <reference lib="dom" />
// Runs in the page before the app (Playwright init script): timestamps of arrow key presses, of order requests
// leaving through fetch, of provisional order rows reaching the screen, and every long task.

export type PageFigures = { keys: number[]; requests: number[]; rows: number[]; longTasks: number[] };

declare global {
  interface Window {
    __bench: PageFigures;
  }
}

export function instrumentPage(): void {
  const figures: PageFigures = { keys: [], requests: [], rows: [], longTasks: [] };
  window.__bench = figures;
  // Capture phase on window: runs before the app's own listener; timeStamp is when the browser created the event.
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key.startsWith('Arrow') && !event.repeat) figures.keys.push(event.timeStamp);
    },
    { capture: true },
  );
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'POST' && /\/order(\/iceberg)?$/.test(url)) figures.requests.push(performance.now());
    return originalFetch(input, init);
  };
  // A new order shows either as its own provisional row or, when it joins a collapsed group of the same
  // instrument, category and side, as that group row turning provisional (its count and "placing" mark).
  const PROVISIONAL = 'tr[data-order-id^="provisional:"], tr[data-provisional]';
  let painted = new Set<string>();
  const note = (row: Element) => {
    const id =
      row.getAttribute('data-order-id') ?? `${row.getAttribute('data-group')}@${figures.keys.length}`;
    if (painted.has(id)) return;
    painted.add(id);
    // The frame that paints the row: its animation-frame callback runs just before that paint.
    requestAnimationFrame(() => figures.rows.push(performance.now()));
  };
  new MutationObserver((records) => {
    if (painted.size > 1000) painted = new Set();
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element && record.target.matches(PROVISIONAL)) note(record.target);
        continue;
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const row = node.matches(PROVISIONAL) ? node : node.querySelector(PROVISIONAL);
        if (row) note(row);
      }
    }
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-provisional'],
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * The init script as source text. tsx (esbuild) may wrap inner functions in its `__name` helper, which the page
 * does not have; the shim keeps the serialised function runnable.
 */
export const instrumentPageScript = (): { content: string } => ({
  content: `var __name = (fn) => fn; (${instrumentPage.toString()})();`,
});
