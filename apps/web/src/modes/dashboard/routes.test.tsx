import type { User } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { renderMode, resolutionFor, stubFunctions, testQueryClient } from '#src/testing/render-mode.tsx';
import { createRoutes } from './routes.tsx';

const signedInUser = { uid: 'u1', email: 'ada@example.com' } as User;

function renderDashboard(path: string, session: User | null = null) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  return renderMode({ routes: createRoutes(), path, resolution: resolutionFor('dashboard'), queryClient });
}

const currentUrl = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

afterEach(() => vi.unstubAllGlobals());

// Each page is its own chunk (the analytics body with recharts, the page editor with Puck, the
// sign-in screens), compiled on its first import: a second or two on a quiet machine, over 10 s at
// load 12, more than findBy's 5 s wait for a screen. They load here, on a budget for compiling them
// all; the routes still load them through lazy(), and the tests wait only for the screens. The page
// editor's route chunk holds only a second lazy() (the feature's own), whose chunk is Puck itself.
const pageChunks = import.meta.glob(['./pages/*.tsx', '!./pages/*.test.tsx']);
const innerChunks = [() => import('#src/features/auth/pages.ts'), () => import('#src/features/website-builder/components/page-editor.tsx')];
beforeAll(async () => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  for (const load of [...Object.values(pageChunks), ...innerChunks]) await load();
}, 120_000);

// Puck's drag and drop (@dnd-kit/dom) reads ResizeObserver when its module loads; jsdom has none.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('dashboard mode routes (spec §2)', () => {
  it('redirects a signed-out visitor from a /dashboard route to /login remembering the origin', async () => {
    const { router } = renderDashboard('/dashboard/products');
    expect(await screen.findByRole('heading', { name: 'Sign in to your store' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?origin=%2Fdashboard%2Fproducts');
  });

  it('keeps the query string of the origin', async () => {
    const { router } = renderDashboard('/dashboard/sales?range=30d');
    await screen.findByRole('heading', { name: 'Sign in to your store' });
    expect(currentUrl(router)).toBe('/login?origin=%2Fdashboard%2Fsales%3Frange%3D30d');
  });

  it('sends / to /dashboard and then, signed out, to /login', async () => {
    const { router } = renderDashboard('/');
    await screen.findByRole('heading', { name: 'Sign in to your store' });
    expect(currentUrl(router)).toBe('/login?origin=%2Fdashboard');
  });

  it('shows a /dashboard route to a signed-in creator, with the navigation', async () => {
    stubFlags({ websiteBuilder: true });
    renderDashboard('/dashboard/products', signedInUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect((await screen.findAllByRole('link', { name: 'Website builder' })).length).toBeGreaterThan(0);
  });

  it.each([
    ['/dashboard/settings/payments/stripe/callback', 'This Stripe connection link has expired. Please start again.'],
  ])('renders %s for a signed-in creator', async (path, text) => {
    stubFlags({ websiteBuilder: true });
    renderDashboard(path, signedInUser);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('redirects a signed-in visitor on /login to /dashboard', async () => {
    const { router } = renderDashboard('/login', signedInUser);
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(currentUrl(router)).toBe('/dashboard');
  });

  it('redirects a signed-in visitor on /login to a safe origin', async () => {
    const { router } = renderDashboard('/login?origin=%2Fdashboard%2Femail', signedInUser);
    await screen.findByRole('heading', { level: 1, name: 'Email' });
    expect(currentUrl(router)).toBe('/dashboard/email');
  });

  it.each([['%2F%2Fevil.example'], ['https%3A%2F%2Fevil.example'], ['%2F%252F%252Fevil.example']])(
    'ignores the unsafe origin %s after sign-in and goes to /dashboard',
    async (origin) => {
      const { router } = renderDashboard(`/login?origin=${origin}`, signedInUser);
      await screen.findByRole('heading', { level: 1, name: 'Overview' });
      expect(currentUrl(router)).toBe('/dashboard');
    },
  );

  it('redirects unknown non-store paths to /dashboard', async () => {
    const { router } = renderDashboard('/dashboard/nope', signedInUser);
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(currentUrl(router)).toBe('/dashboard');
  });

  it('shows Store Not Found for an unknown store slug', async () => {
    renderDashboard('/no-such-store');
    expect(await screen.findByRole('heading', { name: 'Store Not Found' })).toBeInTheDocument();
  });

  it('shows Website Not Found with the slug for an unknown store website', async () => {
    renderDashboard('/no-such-store/website/about');
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(screen.getByText('no-such-store')).toBeInTheDocument();
  });
});

/** getPlatformStatus answers these flags (the rest off) with signups open. */
function stubFlags(flags: Record<string, boolean>) {
  const status = { maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: flags };
  vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: status } }) }).fetchStub);
}

/** The flag on, one store, and a website with its home page only. */
function stubWebsite() {
  const status = { maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: { websiteBuilder: true } };
  const home = { id: 'page_home', slug: 'home', title: 'Home', position: 0, seoTitle: '', seoDescription: '', seoImageSrc: '', isHome: true, status: 'draft', publishedAt: null, draftUpdatedAt: null, updatedAt: '2026-11-20T10:00:00.000Z' };
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  vi.stubGlobal(
    'fetch',
    stubFunctions({
      getPlatformStatus: () => ({ body: { result: status } }),
      listMyStores: () => ({ body: { result: { stores: [{ id: 'store_1', slug: 'cozy-mugs', name: 'Cozy Mugs' }], activeStoreId: 'store_1' } } }),
      listWebsitePages: () => ({ body: { result: { pages: [home] } } }),
      getWebsitePage: () => ({ status: 404, body: { error: { status: 'NOT_FOUND', message: 'Page not found' } } }),
      listProducts: () => ({ body: { result: { products: [], currency: 'USD' } } }),
      getStorefront: () => ({ body: { result: null } }),
    }).fetchStub,
  );
}

describe('sections behind a platform feature flag', () => {
  it('hides the Website builder entry and refuses its pages while websiteBuilder is off', async () => {
    stubFlags({ websiteBuilder: false });
    renderDashboard('/dashboard/website-builder', signedInUser);
    expect(await screen.findByText('This feature is not available on this platform right now.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Products' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Website builder' })).not.toBeInTheDocument();
  });

  it('refuses the website page editor while websiteBuilder is off', async () => {
    stubFlags({});
    renderDashboard('/dashboard/website-builder/page/about', signedInUser);
    expect(await screen.findByText('This feature is not available on this platform right now.')).toBeInTheDocument();
    expect(screen.queryByTestId('save-status')).not.toBeInTheDocument();
  });

  it('shows the Website builder entry and the pages list once websiteBuilder is on', async () => {
    stubWebsite();
    renderDashboard('/dashboard/website-builder', signedInUser);
    const list = await screen.findByRole('list', { name: 'Website pages in navigation order' });
    expect(list).toHaveTextContent('Home');
    expect(screen.getAllByRole('link', { name: 'Website builder' }).length).toBeGreaterThan(0);
  });

  it('opens the page editor full screen, outside the dashboard navigation', async () => {
    stubWebsite();
    renderDashboard('/dashboard/website-builder/page/gone', signedInUser);
    expect(await screen.findByText('This page could not load')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all pages' })).toHaveAttribute('href', '/dashboard/website-builder');
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});

describe('the Affiliates section', () => {
  const store = { id: 'store_1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: null };
  const program = {
    storeId: 'store_1', enabled: false, commissionPercent: 20, windowDays: 30, holdingDays: 14, joinMode: 'open', currency: 'USD', products: [], testClock: { available: false, offsetDays: 0 },
  };
  function stubAffiliates(flags: Record<string, boolean>) {
    const status = { maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: flags };
    const stub = stubFunctions({
      getPlatformStatus: () => ({ body: { result: status } }),
      listMyStores: () => ({ body: { result: { stores: [store], activeStoreId: 'store_1' } } }),
      getAffiliateProgram: () => ({ body: { result: program } }),
      listAffiliates: () => ({ body: { result: { affiliates: [], invites: [] } } }),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    return stub.calls;
  }

  it('hides the Affiliates entry and says Not available while affiliateProgram is off', async () => {
    const calls = stubAffiliates({ affiliateProgram: false });
    renderDashboard('/dashboard/affiliates', signedInUser);
    expect(await screen.findByText('This feature is not available on this platform right now.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Customers' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Affiliates' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'listAffiliates')).toEqual([]);
  });

  it('lists Affiliates after Customers and renders its page, tabs and empty state at /dashboard/affiliates', async () => {
    stubAffiliates({ affiliateProgram: true });
    const { router } = renderDashboard('/dashboard/affiliates', signedInUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliates' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    const labels = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(labels.slice(labels.indexOf('Customers'), labels.indexOf('Customers') + 2)).toEqual(['Customers', 'Affiliates']);
    expect(within(nav).getByRole('link', { name: 'Affiliates' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('tab', { name: 'Affiliates', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No affiliates yet — turn the program on and share your members page' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Turn the program on' }));
    expect(currentUrl(router)).toBe('/dashboard/affiliates?tab=settings');
    expect(await screen.findByRole('switch', { name: 'Affiliate program' })).toHaveAttribute('aria-checked', 'false');
  });
});

describe('the Email section', () => {
  const platform = { maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: {} };
  const store = { id: 'store_1', slug: 'cozy-mugs', name: 'Cozy Mugs' };
  function stubEmail() {
    vi.stubGlobal(
      'fetch',
      stubFunctions({
        getPlatformStatus: () => ({ body: { result: platform } }),
        listMyStores: () => ({ body: { result: { stores: [store], activeStoreId: 'store_1' } } }),
        listEmailCampaigns: () => ({ body: { result: { campaigns: [] } } }),
        listEmailSegments: () => ({ body: { result: { segments: [] } } }),
        countSegmentRecipients: () => ({ body: { result: { recipients: 0, matching: 0 } } }),
        listProducts: () => ({ body: { result: { products: [], currency: 'USD' } } }),
        getStoreTimeZone: () => ({ body: { result: { timeZone: 'UTC' } } }),
      }).fetchStub,
    );
  }

  it('shows the campaigns and the audience as tabs, the choice kept in ?tab=', async () => {
    stubEmail();
    const { router } = renderDashboard('/dashboard/email', signedInUser);
    expect(await screen.findByRole('tab', { name: 'Campaigns', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'New campaign' })).toHaveAttribute('href', '/dashboard/email/campaigns/new');
    expect(screen.queryByText('Email is coming soon')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Audience' }));
    expect(currentUrl(router)).toBe('/dashboard/email?tab=audience');
    expect(screen.getByRole('tabpanel', { name: 'Audience' })).toBeInTheDocument();
  });

  it('lists the automations in their tab and opens one, whose emails use the campaign block editor', async () => {
    const automation = {
      id: 'aut_aaaaaaaaaaaaaaaaaaaa',
      name: 'Welcome',
      status: 'draft',
      trigger: { kind: 'joined', source: 'any', productId: null },
      steps: [{ id: 'e1', type: 'email', subject: 'Hello', previewText: '', body: [] }],
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      stubFunctions({
        getPlatformStatus: () => ({ body: { result: platform } }),
        listMyStores: () => ({ body: { result: { stores: [store], activeStoreId: 'store_1' } } }),
        listProducts: () => ({ body: { result: { products: [], currency: 'USD' } } }),
        listAutomations: () => ({ body: { result: { automations: [{ ...automation, totals: { entered: 0, waiting: 0 } }] } } }),
        getAutomation: () => ({ body: { result: { automation, stats: [] } } }),
      }).fetchStub,
    );
    renderDashboard('/dashboard/email?tab=automations', signedInUser);
    expect(await screen.findByRole('tab', { name: 'Automations', selected: true })).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Welcome' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    // The empty email opens its content in the campaigns' block editor, loaded on demand.
    expect(await screen.findByRole('button', { name: 'Add Heading' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('opens the editor for a new campaign', async () => {
    stubEmail();
    renderDashboard('/dashboard/email/campaigns/new', signedInUser);
    expect(await screen.findByRole('heading', { name: 'New campaign' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toBeInTheDocument();
  });
});

describe('the Analytics section', () => {
  it('loads the analytics screen (its own chunk) for a signed-in creator, with no "coming soon"', { timeout: 15_000 }, async () => {
    const platform = { maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: {} };
    const zero = { visitors: 0, views: 0, productViews: 0, clicks: 0, checkouts: 0, sales: 0, revenueCents: 0, signups: 0, conversionRate: 0 };
    const empty = { products: [], links: [], referrers: [], utmSources: [], utmCampaigns: [], countries: [], devices: [], browsers: [], operatingSystems: [], pages: [] };
    const overview = { timeZone: 'UTC', currency: 'USD', granularity: 'day', range: { from: '2026-10-24', to: '2026-11-22' }, previousRange: { from: '2026-09-24', to: '2026-10-23' }, totals: zero, previousTotals: zero, series: [], previousSeries: [], ...empty };
    vi.stubGlobal(
      'fetch',
      stubFunctions({
        getPlatformStatus: () => ({ body: { result: platform } }),
        listMyStores: () => ({ body: { result: { stores: [{ id: 'store_1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: null }], activeStoreId: 'store_1' } } }),
        getAnalyticsOverview: () => ({ body: { result: overview } }),
        getLiveVisitors: () => ({ body: { result: { visitors: 0, windowMinutes: 5 } } }),
      }).fetchStub,
    );
    renderDashboard('/dashboard/analytics', signedInUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No visits yet — share your store link' })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});

describe('/signup and the maintenance screen (spec §2, §8)', () => {
  const openStatus = { maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: {} };

  it('replaces signup with the maintenance screen while signups are closed, and Check Again asks again', async () => {
    let answer = { ...openStatus, maintenanceMode: true, signupsOpen: false, maintenanceMessage: 'Back at 5 pm UTC.' };
    const { fetchStub, calls } = stubFunctions({ getPlatformStatus: () => ({ body: { result: answer } }) });
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();

    renderDashboard('/signup');
    expect(await screen.findByText('Back at 5 pm UTC.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('heading', { name: 'Create your store' })).not.toBeInTheDocument();

    answer = openStatus;
    await user.click(screen.getByRole('button', { name: 'Check Again' }));
    expect(await screen.findByRole('heading', { name: 'Create your store' })).toBeInTheDocument();
    expect(calls.filter((c) => c.name === 'getPlatformStatus')).toHaveLength(2);
  });

  it('shows signup when signups are open', async () => {
    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: openStatus } }) }).fetchStub);
    renderDashboard('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your store' })).toBeInTheDocument();
  });

  it('allows signup when the status call fails', async () => {
    vi.stubGlobal(
      'fetch',
      stubFunctions({ getPlatformStatus: () => ({ status: 500, body: { error: { status: 'INTERNAL', message: 'boom' } } }) }).fetchStub,
    );
    renderDashboard('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your store' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check Again' })).not.toBeInTheDocument();
  });

  it('sends a signed-in visitor on /signup to /dashboard', async () => {
    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: openStatus } }) }).fetchStub);
    const { router } = renderDashboard('/signup', signedInUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the Admin section', () => {
  function stubAdmin(status: { isAdmin: boolean; mfaVerified: boolean }) {
    const platform = { maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: {} };
    vi.stubGlobal(
      'fetch',
      stubFunctions({ getPlatformStatus: () => ({ body: { result: platform } }), checkAdminStatus: () => ({ body: { result: status } }) }).fetchStub,
    );
  }

  it('is hidden from a non-admin, and typing the URL says it is not available', async () => {
    stubAdmin({ isAdmin: false, mfaVerified: false });
    renderDashboard('/dashboard/admin', signedInUser);
    expect(await screen.findByRole('heading', { name: 'Admin is not available' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Products' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows in the nav for an admin, whose page asks for two-step verification first', async () => {
    stubAdmin({ isAdmin: true, mfaVerified: false });
    renderDashboard('/dashboard/admin', { ...signedInUser, isAdmin: true, mfaEnabled: false } as User);
    expect(await screen.findByRole('heading', { name: 'Turn on two-step verification first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-step verification' })).toHaveAttribute('href', '/dashboard/settings#security');
    expect(screen.getAllByRole('link', { name: 'Admin' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
