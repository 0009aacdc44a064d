import type { ClientConfig } from '@shopfront/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { AppContextProvider, type AppContextValue } from '../lib/app-context.tsx';
import { EmulatorBanner } from './emulator-banner.tsx';

interface ProvidersProps {
  config: ClientConfig;
  queryClient: QueryClient;
  /** Absent while the mode is still being resolved. */
  appContext?: AppContextValue;
  children: ReactNode;
}

export function Providers({ config, queryClient, appContext, children }: ProvidersProps) {
  const development = config.environment === 'development';
  const body = appContext ? <AppContextProvider value={appContext}>{children}</AppContextProvider> : children;
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {/* Room for the fixed banner, so it never covers the page's last line. */}
        <div className={development ? 'pb-8' : undefined}>{body}</div>
        <Toaster />
        {development ? <EmulatorBanner /> : null}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
