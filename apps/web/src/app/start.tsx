import type { Root } from 'react-dom/client';
import { ErrorFallback } from '../components/errors/error-boundary.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { clientConfig } from '../lib/env.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRouter } from '../lib/router/app-router.tsx';
import { browserBackend, createAppHistory } from '../lib/router/history.ts';
import { warmUpDashboard } from './dashboard-warm-up.ts';
import { MODE_LOADERS } from './mode-loaders.ts';
import { Providers } from './providers.tsx';
import { resolvePage } from './resolve-mode.ts';

/**
 * Read config → resolve the mode (spec §2) → load only that mode's routes → mount its router.
 * A page the server sent prerendered (the landing page) stays on screen until the mode renders over
 * it, instead of giving way to the spinner.
 */
export async function start(root: Root, options: { prerendered?: boolean } = {}): Promise<void> {
  const config = clientConfig();
  const queryClient = createQueryClient();
  if (!options.prerendered) {
    root.render(
      <Providers config={config} queryClient={queryClient}>
        <FullPageSpinner label="Loading Shopfront" />
      </Providers>,
    );
  }

  try {
    const { resolution, storeKey, store } = await resolvePage({ host: location.host, path: location.pathname, config }, queryClient);
    // Every visitor path of an offline store (storefront, members, website, checkout) shows the same screen.
    if (store?.offline) {
      document.documentElement.dataset.appMode = resolution.mode;
      // Its own chunk: the storefront's stylesheet is no part of any other mode's first screen; with
      // every page's utilities (app-styles.css), which index.css holds only for the dashboard's first screen.
      const [{ StoreOfflineView }] = await Promise.all([import('../features/storefront/store-offline-view.tsx'), import('../app-styles.ts')]);
      root.render(<StoreOfflineView storeName={store.name} homeHref={store.customDomain || store.isBioDomain ? config.publicUrl : '/'} />);
      return;
    }
    if (resolution.mode === 'dashboard') warmUpDashboard(queryClient);
    const modeModule = await MODE_LOADERS[resolution.mode]();
    alignWithBasePath(resolution.basePath);
    // react-router's declarative mode on the app's history (lib/router/): its data router would add
    // about 16 KB brotli to every first screen, for a blocker the app keeps itself.
    const history = createAppHistory(browserBackend());
    document.documentElement.dataset.appMode = resolution.mode;
    root.render(
      <Providers config={config} queryClient={queryClient} appContext={{ config, resolution, host: location.host, storeKey }}>
        <AppRouter history={history} routes={modeModule.createRoutes()} basename={resolution.basePath || '/'} />
      </Providers>,
    );
  } catch (error) {
    console.error('Could not start the app', error);
    root.render(
      <Providers config={config} queryClient={queryClient}>
        <ErrorFallback error={error} />
      </Providers>,
    );
  }
}

/**
 * The resolver's basePath is where the mode's routes live. A members path such as
 * `/{slug}/x/members` lies outside `/{slug}/members`; move it inside, or the router renders nothing.
 */
function alignWithBasePath(basePath: string): void {
  if (!basePath) return;
  const path = location.pathname.toLowerCase();
  const base = basePath.toLowerCase();
  if (path === base || path.startsWith(`${base}/`)) return;
  history.replaceState(history.state, '', `${basePath}${location.search}${location.hash}`);
}
