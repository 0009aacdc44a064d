import type { AppModeResult, ClientConfig, StoreKey } from '@shopfront/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';
import { AppContextProvider } from '../lib/app-context.tsx';
import { AppRouter } from '../lib/router/app-router.tsx';
import { createAppHistory, memoryBackend } from '../lib/router/history.ts';

export const TEST_CONFIG: ClientConfig = {
  productHosts: ['localhost', 'shopfront.test'],
  environment: 'test',
  publicUrl: 'http://shopfront.test',
  bioDomain: null,
};

export function resolutionFor(mode: AppModeResult['mode'], overrides: Partial<AppModeResult> = {}): AppModeResult {
  return { mode, storeId: null, slug: null, customDomain: null, isBioDomain: false, basePath: '', ...overrides };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

interface RenderModeOptions {
  routes: RouteObject[];
  path: string;
  resolution: AppModeResult;
  storeKey?: StoreKey | null;
  host?: string;
  queryClient?: QueryClient;
}

/**
 * Mounts a mode's routes the way main.tsx does, on a history in memory. `router.state.location` is
 * where the app is now; `history` navigates (Back: `history.go(-1)`).
 */
export function renderMode({ routes, path, resolution, storeKey = null, host = 'shopfront.test', queryClient = testQueryClient() }: RenderModeOptions) {
  const history = createAppHistory(memoryBackend(path));
  const router = {
    get state() {
      return { location: history.location };
    },
  };
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppContextProvider value={{ config: TEST_CONFIG, resolution, host, storeKey }}>
        <AppRouter history={history} routes={routes} basename={resolution.basePath || '/'} />
        <Toaster />
      </AppContextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, history, queryClient };
}

/** A fetch stub that answers callable functions by name, like the server's `/fn/{name}`. */
export function stubFunctions(handlers: Record<string, (data: unknown) => { status?: number; body: unknown }>) {
  const calls: Array<{ name: string; data: unknown }> = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    // Only callable functions are stubbed and recorded; any other fetch (a static file such as the
    // icon sprite) is a plain 404, as from a server without it.
    if (!url.includes('/fn/')) return new Response('Not found', { status: 404 });
    const name = url.replace(/^.*\/fn\//, '');
    const data = (JSON.parse(String(init?.body ?? '{}')) as { data: unknown }).data;
    calls.push({ name, data });
    const handler = handlers[name];
    if (!handler) return new Response(JSON.stringify({ error: { status: 'NOT_FOUND', message: 'Unknown function' } }), { status: 404 });
    const { status = 200, body } = handler(data);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchStub, calls };
}
