import { AFFILIATE_MESSAGES, AppError, PLATFORM_CONFIG_MESSAGES, type MyAffiliate } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFFILIATE_TEXT, APPROVAL_REQUIRED_TEXT, COPIED_TEXT } from '#src/features/members/index.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { CUSTOM, DOMAIN_KEY, renderMembers, STORE_REF, TEST_MEMBER } from '../members-fixtures.tsx';

const call = fakeFunctions();
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const PROGRAM = { enabled: true, commissionPercent: 30, joinMode: 'open', holdingDays: 14, windowDays: 30 } as const;

function activeAffiliate(overrides: Partial<NonNullable<MyAffiliate['affiliate']>> = {}): NonNullable<MyAffiliate['affiliate']> {
  return {
    id: 'afi_1',
    code: 'ANN42XYZ',
    status: 'active',
    createdAt: '2026-03-01T10:00:00.000Z',
    links: {
      store: 'https://shopfront.test/cozy-mugs?ref=ANN42XYZ',
      products: [{ productId: 'prd_1', title: 'Glaze recipes', url: 'https://shopfront.test/cozy-mugs/p/glaze-recipes?ref=ANN42XYZ', commissionPercent: 45 }],
    },
    stats: { visits: 12, signups: 3, sales: 2, revenueCents: 3_800 },
    earnings: [{ currency: 'USD', pendingCents: 570, payableCents: 1_140, paidCents: 2_500 }],
    commissions: [
      {
        id: 'afc_1',
        affiliateId: 'afi_1',
        orderId: 'ord_1',
        productTitle: 'Glaze recipes',
        currency: 'USD',
        baseCents: 1_900,
        amountCents: 570,
        reversedCents: 0,
        netCents: 570,
        status: 'pending',
        testMode: false,
        holdUntil: '2026-03-18T12:00:00.000Z',
        payoutId: null,
        createdAt: '2026-03-04T12:00:00.000Z',
      },
      {
        id: 'afc_2',
        affiliateId: 'afi_1',
        orderId: 'ord_2',
        productTitle: 'Mug template',
        currency: 'USD',
        baseCents: 3_800,
        amountCents: 1_140,
        reversedCents: 0,
        netCents: 1_140,
        status: 'payable',
        testMode: true,
        holdUntil: '2026-02-20T12:00:00.000Z',
        payoutId: null,
        createdAt: '2026-02-06T12:00:00.000Z',
      },
    ],
    payouts: [
      { id: 'afp_1', affiliateId: 'afi_1', amountCents: 2_500, currency: 'USD', commissionCount: 3, method: 'manual', note: 'PayPal', createdAt: '2026-01-31T12:00:00.000Z' },
    ],
    ...overrides,
  };
}

type Handlers = Parameters<typeof answerFunctions>[1];

function answer({ flag = true, signedIn = true, mine, ...handlers }: { flag?: boolean; signedIn?: boolean; mine?: () => MyAffiliate } & Handlers = {}) {
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: signedIn ? TEST_MEMBER : null }),
    getPlatformStatus: () => ({
      maintenanceMode: false,
      maintenanceMessage: '',
      allowSignups: true,
      signupsOpen: true,
      featureFlags: { websiteBuilder: false, affiliateProgram: flag, advancedAnalytics: false, multiStore: true, customDomains: false },
    }),
    getMyPurchases: () => ({ purchases: [] }),
    getMemberEmailPreferences: () => ({ marketingConsent: false }),
    ...(mine ? { getMyAffiliate: mine } : {}),
    ...handlers,
  });
}

const PAGE = '/cozy-mugs/members/affiliate';

describe('members affiliate page: getting there', () => {
  it('sends a signed-out visitor to sign in, and back to this page afterwards (also through sign-up)', async () => {
    answer({ signedIn: false });
    const { router } = renderMembers(PAGE);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/login');
    expect(new URLSearchParams(router.state.location.search).get('origin')).toBe('/affiliate');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/cozy-mugs/members/signup?origin=%2Faffiliate');
  });

  it('is in the members nav while the affiliateProgram flag is on', async () => {
    answer({ mine: () => ({ program: PROGRAM, affiliate: null }) });
    const { router } = renderMembers('/cozy-mugs/members');
    const nav = await screen.findByRole('navigation', { name: 'Members area' });
    expect(within(nav).getByRole('link', { name: 'Your library' })).toHaveAttribute('aria-current', 'page');
    const link = within(nav).getByRole('link', { name: 'Earn as an affiliate' });
    expect(link).toHaveAttribute('href', '/cozy-mugs/members/affiliate');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Earn as an affiliate' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/affiliate');
    const after = screen.getByRole('navigation', { name: 'Members area' });
    expect(within(after).getByRole('link', { name: 'Earn as an affiliate' })).toHaveAttribute('aria-current', 'page');
    expect(within(after).getByRole('link', { name: 'Your library' })).not.toHaveAttribute('aria-current');
  });

  it('is at /members/affiliate on a custom domain', async () => {
    answer({ mine: () => ({ program: null, affiliate: null }) });
    renderMembers('/members/affiliate', { resolution: CUSTOM, storeKey: DOMAIN_KEY });
    expect(await screen.findByText(AFFILIATE_TEXT.noProgram)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Earn as an affiliate' })).toHaveAttribute('href', '/members/affiliate');
    expect(callsOf(call, 'getMyAffiliate')).toEqual([{ storeId: 's1' }]);
  });

  it('is not in the members nav while the flag is off', async () => {
    answer({ flag: false, mine: () => ({ program: PROGRAM, affiliate: null }) });
    renderMembers('/cozy-mugs/members');
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf(call, 'getPlatformStatus')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Earn as an affiliate' })).not.toBeInTheDocument();
  });

  it('says "Not available" at its address while the flag is off', async () => {
    answer({ flag: false, mine: () => ({ program: PROGRAM, affiliate: null }) });
    renderMembers(PAGE);
    expect(await screen.findByText(PLATFORM_CONFIG_MESSAGES.featureDisabled)).toBeInTheDocument();
    expect(callsOf(call, 'getMyAffiliate')).toEqual([]);
  });
});

describe('members affiliate page: states', () => {
  it('says the store has no program (none saved, or turned off)', async () => {
    answer({ mine: () => ({ program: null, affiliate: null }) });
    const first = renderMembers(PAGE);
    expect(await screen.findByText(AFFILIATE_TEXT.noProgram)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /affiliate|apply/i })).not.toBeInTheDocument();
    first.unmount();

    answer({ mine: () => ({ program: { ...PROGRAM, enabled: false }, affiliate: null }) });
    renderMembers(PAGE);
    expect(await screen.findByText(AFFILIATE_TEXT.noProgram)).toBeInTheDocument();
  });

  it('shows the terms of an open program and joins at once', async () => {
    let joined = false;
    answer({
      mine: () => ({ program: PROGRAM, affiliate: joined ? activeAffiliate() : null }),
      applyAsAffiliate: () => {
        joined = true;
        return { program: PROGRAM, affiliate: activeAffiliate() };
      },
    });
    renderMembers(PAGE);
    expect(await screen.findByText('30% of each sale')).toBeInTheDocument();
    expect(screen.getByText('Purchases up to 30 days after someone opens your link')).toBeInTheDocument();
    expect(screen.getByText(/payable 14 days after the sale/)).toBeInTheDocument();
    expect(screen.queryByText(APPROVAL_REQUIRED_TEXT)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Become an affiliate' }));
    expect(await screen.findByRole('heading', { name: 'Your referral links' })).toBeInTheDocument();
    expect(callsOf(call, 'applyAsAffiliate')).toEqual([{ storeId: 's1' }]);
  });

  it('says approval is required, applies, then says the application waits', async () => {
    answer({
      mine: () => ({ program: { ...PROGRAM, joinMode: 'approval' }, affiliate: null }),
      applyAsAffiliate: () => ({ program: { ...PROGRAM, joinMode: 'approval' }, affiliate: activeAffiliate({ status: 'pending' }) }),
    });
    renderMembers(PAGE);
    expect(await screen.findByText(APPROVAL_REQUIRED_TEXT)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(AFFILIATE_TEXT.pending)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your referral links' })).not.toBeInTheDocument();
  });

  it('shows an affiliate who had already joined (in another tab) their account after the refusal', async () => {
    let joined = false;
    answer({
      mine: () => ({ program: PROGRAM, affiliate: joined ? activeAffiliate() : null }),
      applyAsAffiliate: () => {
        joined = true;
        throw new AppError('already-exists', AFFILIATE_MESSAGES.alreadyAffiliate);
      },
    });
    renderMembers(PAGE);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Become an affiliate' }));
    expect(await screen.findByRole('heading', { name: 'Your referral links' })).toBeInTheDocument();
    expect(callsOf(call, 'getMyAffiliate')).toHaveLength(2);
  });

  it("shows the server's refusal to join and stays on the terms", async () => {
    answer({
      mine: () => ({ program: PROGRAM, affiliate: null }),
      applyAsAffiliate: () => {
        throw new AppError('failed-precondition', AFFILIATE_MESSAGES.programClosed);
      },
    });
    renderMembers(PAGE);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Become an affiliate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AFFILIATE_MESSAGES.programClosed);
    expect(screen.getByRole('button', { name: 'Become an affiliate' })).toBeEnabled();
  });

  it('shows a pending application on its own', async () => {
    answer({ mine: () => ({ program: { ...PROGRAM, joinMode: 'approval' }, affiliate: activeAffiliate({ status: 'pending' }) }) });
    renderMembers(PAGE);
    expect(await screen.findByText(AFFILIATE_TEXT.pending)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByText('ANN42XYZ')).not.toBeInTheDocument();
  });

  it.each([
    ['paused', AFFILIATE_TEXT.paused],
    ['removed', AFFILIATE_TEXT.removed],
  ] as const)('tells a %s affiliate so, without links, and keeps their earnings', async (status, notice) => {
    answer({ mine: () => ({ program: PROGRAM, affiliate: activeAffiliate({ status }) }) });
    renderMembers(PAGE);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your referral links' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Earnings' })).getByText('Payable').nextSibling).toHaveTextContent('$11.40');
    expect(within(screen.getByRole('region', { name: 'Payout history' })).getByText('$25.00')).toBeInTheDocument();
  });

  it("shows the server's message and retries", async () => {
    let fail = true;
    answer({
      mine: () => {
        if (fail) throw new AppError('unavailable', 'The service is temporarily unavailable. Please try again.');
        return { program: PROGRAM, affiliate: null };
      },
    });
    renderMembers(PAGE);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AFFILIATE_TEXT.loadFailed);
    expect(alert).toHaveTextContent('The service is temporarily unavailable. Please try again.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Become an affiliate' })).toBeInTheDocument();
  });

  it('sends the customer to sign in when their session has ended', async () => {
    answer({
      mine: () => {
        throw new AppError('unauthenticated', 'Please sign in.');
      },
    });
    const { router } = renderMembers(PAGE);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/login');
  });
});

describe('members affiliate page: an active affiliate', () => {
  it('lists the code and links with their commissions, results, earnings, commissions and payouts', async () => {
    answer({ mine: () => ({ program: PROGRAM, affiliate: activeAffiliate() }) });
    renderMembers(PAGE);
    expect(await screen.findByLabelText('Your referral code')).toHaveValue('ANN42XYZ');

    const store = screen.getByRole('article', { name: 'Cozy Mugs (the whole store)' });
    expect(within(store).getByLabelText('Link to Cozy Mugs (the whole store)')).toHaveValue('https://shopfront.test/cozy-mugs?ref=ANN42XYZ');
    expect(store).toHaveTextContent('30% commission');
    const product = screen.getByRole('article', { name: 'Glaze recipes' });
    expect(within(product).getByLabelText('Link to Glaze recipes')).toHaveValue('https://shopfront.test/cozy-mugs/p/glaze-recipes?ref=ANN42XYZ');
    expect(product).toHaveTextContent('45% commission');

    const results = screen.getByRole('region', { name: 'Your results' });
    expect(within(results).getByText('Visits').nextSibling).toHaveTextContent('12');
    expect(within(results).getByText('Signups').nextSibling).toHaveTextContent('3');
    expect(within(results).getByText('Sales').nextSibling).toHaveTextContent('2');

    const earnings = screen.getByRole('region', { name: 'Earnings' });
    expect(within(earnings).getByText('Pending').nextSibling).toHaveTextContent('$5.70');
    expect(within(earnings).getByText('Payable').nextSibling).toHaveTextContent('$11.40');
    expect(within(earnings).getByText('Paid').nextSibling).toHaveTextContent('$25.00');

    const commissions = within(screen.getByRole('region', { name: 'Commissions' })).getAllByRole('listitem');
    expect(commissions[0]).toHaveTextContent('Glaze recipes');
    expect(commissions[0]).toHaveTextContent('$5.70');
    const holdUntil = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2026-03-18T12:00:00.000Z'));
    expect(commissions[0]).toHaveTextContent(`Pending · payable from ${holdUntil}`);
    expect(commissions[1]).toHaveTextContent('Payable');
    expect(commissions[1]).toHaveTextContent('Test sale');

    const payouts = within(screen.getByRole('region', { name: 'Payout history' })).getAllByRole('listitem');
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toHaveTextContent('$25.00');
    expect(payouts[0]).toHaveTextContent('3 commissions · PayPal');
  });

  it('copies a link and says "Copied" where screen readers hear it', async () => {
    answer({ mine: () => ({ program: PROGRAM, affiliate: activeAffiliate() }) });
    renderMembers(PAGE);
    const user = userEvent.setup();
    const product = await screen.findByRole('article', { name: 'Glaze recipes' });
    await user.click(within(product).getByRole('button', { name: 'Copy the link to Glaze recipes' }));
    expect(await navigator.clipboard.readText()).toBe('https://shopfront.test/cozy-mugs/p/glaze-recipes?ref=ANN42XYZ');
    const status = within(product).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(COPIED_TEXT);

    await user.click(screen.getByRole('button', { name: 'Copy your referral code' }));
    expect(await navigator.clipboard.readText()).toBe('ANN42XYZ');
  });

  it('falls back to selecting the text and the copy command where the Clipboard API refuses', async () => {
    answer({ mine: () => ({ program: PROGRAM, affiliate: activeAffiliate() }) });
    renderMembers(PAGE);
    const user = userEvent.setup();
    const store = await screen.findByRole('article', { name: 'Cozy Mugs (the whole store)' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });

    await user.click(within(store).getByRole('button', { name: /^Copy/ }));
    expect(await within(store).findByText(COPIED_TEXT)).toBeInTheDocument();
    expect(execCommand).toHaveBeenCalledWith('copy');
    const input = within(store).getByLabelText('Link to Cozy Mugs (the whole store)') as HTMLInputElement;
    expect(input).toHaveFocus();
    expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe('https://shopfront.test/cozy-mugs?ref=ANN42XYZ');

    execCommand.mockReturnValue(false);
    await user.click(within(store).getByRole('button', { name: /^Copy/ }));
    expect(await within(store).findByText(/Select the text and copy it/)).toBeInTheDocument();
  });

  it("shows the store link's QR code, and a product's on demand", async () => {
    answer({ mine: () => ({ program: PROGRAM, affiliate: activeAffiliate() }) });
    renderMembers(PAGE);
    const storeQr = await screen.findByRole('img', { name: 'QR code for the link to Cozy Mugs (the whole store)' });
    expect(storeQr.tagName.toLowerCase()).toBe('svg');
    expect(storeQr.querySelectorAll('path').length).toBeGreaterThan(0);

    const product = screen.getByRole('article', { name: 'Glaze recipes' });
    const toggle = within(product).getByRole('button', { name: 'Show QR code for Glaze recipes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(product).queryByRole('img')).not.toBeInTheDocument();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(product).findByRole('img', { name: 'QR code for the link to Glaze recipes' })).toBeInTheDocument();
    expect(toggle).toHaveAccessibleName('Hide QR code for Glaze recipes');
  });

  it('says when the program is closed but keeps the dashboard', async () => {
    answer({ mine: () => ({ program: { ...PROGRAM, enabled: false }, affiliate: activeAffiliate() }) });
    renderMembers(PAGE);
    expect(await screen.findByText(AFFILIATE_TEXT.programOff)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Earnings' })).toBeInTheDocument();
  });

  it('says there is nothing yet for a new affiliate', async () => {
    answer({ mine: () => ({ program: PROGRAM, affiliate: activeAffiliate({ earnings: [], commissions: [], payouts: [], stats: { visits: 0, signups: 0, sales: 0, revenueCents: 0 } }) }) });
    renderMembers(PAGE);
    expect(await screen.findByText('No sales yet. Share your links to start earning.')).toBeInTheDocument();
    expect(screen.getByText('No payouts yet.')).toBeInTheDocument();
    expect(screen.getByText(/Nothing earned yet/)).toBeInTheDocument();
  });
});
