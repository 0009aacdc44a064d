import type { ClientConfig } from '@shopfront/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { AppContextProvider, type AppContextValue } from '../lib/app-context.tsx';
import { EmulatorBanner } from './emulator-banner.tsx';

// Radix Toast is no part of the first screen: the toaster loads beside it, and shows any toast
// raised before it arrived (the toast store keeps them).
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

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
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
        {development ? <EmulatorBanner /> : null}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
