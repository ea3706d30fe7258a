import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { queryClient } from '../api/query-client';

/** Renders a component with the app's (emptied) query cache and a memory router, for feature tests. */
export function renderWithQueryClient(ui: ReactNode, { path = '/dashboard' }: { path?: string } = {}) {
  queryClient.clear();
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(wrap(ui));
  return { ...view, rerender: (next: ReactNode) => view.rerender(wrap(next)), queryClient };
}

/** jsdom lacks ResizeObserver, which Radix popper content (tooltips, popovers) measures with. */
export class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
