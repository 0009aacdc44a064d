import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppContextProvider, type AppContextValue } from '../lib/app-context.tsx';
import { LandingPage } from '../modes/landing/pages/landing-page.tsx';

/** The attribute on `#root` that marks prerendered markup the SPA replaces once it has started. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The landing page (spec §2, `/` on the product's hosts) planned on a product host: `/` stays in
 * the landing router, Sign in and Start selling are plain document links — the same anchors the
 * SPA renders, whatever the operator's host names are.
 */
const LANDING_CONTEXT: AppContextValue = {
  config: { productHosts: [], environment: 'production', publicUrl: 'http://localhost', bioDomain: null },
  resolution: { mode: 'landing', storeId: null, slug: null, customDomain: null, isBioDomain: false, basePath: '' },
  host: 'localhost',
  storeKey: null,
};

/** The landing page's markup, for the build to put inside index.html's `#root` (decision 021). */
export function renderLandingMarkup(): string {
  return renderToString(
    <AppContextProvider value={LANDING_CONTEXT}>
      <MemoryRouter initialEntries={['/']}>
        <LandingPage />
      </MemoryRouter>
    </AppContextProvider>,
  );
}

/** index.html with the landing page inside `#root`; null when the template has no empty root. */
export function prerenderLandingPage(indexHtml: string): string | null {
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) return null;
  return indexHtml.replace(emptyRoot, `<div id="root" ${PRERENDERED_ATTRIBUTE}="landing">${renderLandingMarkup()}</div>`);
}
