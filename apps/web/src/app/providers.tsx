import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../api/query-client';
import '../api/session';
import { useApplyTheme } from './theme/theme';
import { AppToaster } from './toasts/app-toaster';

/** App-wide context: server cache, theme on <html>, the toast host. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useApplyTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster theme={theme} />
    </QueryClientProvider>
  );
}
