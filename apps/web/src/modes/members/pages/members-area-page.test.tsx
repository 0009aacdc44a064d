import { AppError } from '@shopfront/core';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUNDED_TEXT } from '#src/features/members/index.ts';
import { renderMembers, STORE_REF, TEST_MEMBER, testPurchase } from '../members-fixtures.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

function answer(purchases: () => unknown, courses: () => unknown = () => ({ courses: [], locked: [] }), plans: () => unknown = () => ({ plans: [] })) {
  let signedIn = true;
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: signedIn ? TEST_MEMBER : null }),
    getMyPurchases: purchases as never,
    getMemberEmailPreferences: () => ({ marketingConsent: false }),
    listMyCourses: courses as never,
    listMyPaymentPlans: plans as never,
    customerSignOut: () => {
      signedIn = false;
      return { signedOut: true };
    },
  });
}

const refunded = testPurchase({ orderId: 'ord_2', status: 'refunded', files: [], product: { id: 'p2', title: 'Mug template' } });
const leadMagnet = testPurchase({
  orderId: 'ord_3',
  amountCents: 0,
  files: [{ id: 'f3', name: 'checklist.pdf', sizeBytes: 1_536, url: '/api/downloads/file/tok-3' }],
  product: { id: 'p3', title: 'Free checklist', type: 'lead-magnet' },
});
const link = testPurchase({ orderId: 'ord_4', files: [], product: { id: 'p4', title: 'Clay course', type: 'link', externalUrl: 'https://course.example/clay' } });

describe('members home', () => {
  it('lists purchases with downloads, refunded ones greyed, lead magnets under Free resources and links to open', async () => {
    answer(() => ({ purchases: [testPurchase(), refunded, leadMagnet, link] }));
    renderMembers('/cozy-mugs/members');
    const paid = await screen.findByRole('region', { name: 'Your purchases' });
    expect(screen.getByRole('link', { name: 'Cozy Mugs' })).toHaveAttribute('href', '/cozy-mugs');

    const glaze = within(paid).getByRole('article', { name: 'Glaze recipes' });
    const download = within(glaze).getByRole('link', { name: /download glazes\.pdf/i });
    expect(download).toHaveAttribute('href', '/api/downloads/file/tok-1');
    expect(download).toHaveTextContent('2.5 MB');
    expect(glaze).toHaveTextContent('$19.00');

    const mug = within(paid).getByRole('article', { name: 'Mug template' });
    expect(mug).toHaveTextContent(REFUNDED_TEXT);
    expect(mug).toHaveClass('opacity-60');
    expect(within(mug).queryByRole('link')).not.toBeInTheDocument();

    const course = within(paid).getByRole('article', { name: 'Clay course' });
    expect(within(course).getByRole('link', { name: /open link/i })).toHaveAttribute('href', 'https://course.example/clay');

    const free = screen.getByRole('region', { name: 'Free resources' });
    const checklist = within(free).getByRole('article', { name: 'Free checklist' });
    expect(checklist).toHaveTextContent('Free');
    expect(within(checklist).getByRole('link', { name: /download checklist\.pdf/i })).toHaveTextContent('1.5 KB');
    expect(within(paid).queryByText('Free checklist')).not.toBeInTheDocument();
  });

  it('shows a course a lapsed membership gave as locked, with the way to renew', async () => {
    answer(
      () => ({ purchases: [] }),
      () => ({ courses: [], locked: [{ productId: 'prd_c1', title: 'Watercolour basics', coverImageUrl: null }] }),
    );
    const { router } = renderMembers('/cozy-mugs/members');
    const section = await screen.findByRole('region', { name: 'Your courses' });
    expect(within(section).getByText(/Locked: this course comes with a membership that is no longer active/)).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /^(Start|Continue)/ })).not.toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('link', { name: 'Renew your membership to continue Watercolour basics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cozy-mugs/members/memberships'));
  });

  it('a locked payment plan’s purchase shows why instead of its files, and links to update the card', async () => {
    const plan = { id: 'pln_1', orderId: 'ord_1', productTitle: 'Glaze recipes', provider: 'test', instalments: 3, instalmentCents: 900, currency: 'USD', paidCount: 1, status: 'locked', nextDueAt: null, graceUntil: null, nextAttemptAt: null, charges: [] };
    answer(() => ({ purchases: [testPurchase({ files: [], planLocked: true })] }), undefined, () => ({ plans: [plan] }));
    renderMembers('/cozy-mugs/members');
    const glaze = within(await screen.findByRole('region', { name: 'Your purchases' })).getByRole('article', { name: 'Glaze recipes' });
    expect(within(glaze).getByRole('status')).toHaveTextContent('Update your card to keep downloading: a payment of your plan is overdue');
    expect(within(glaze).queryByRole('link', { name: /download/i })).not.toBeInTheDocument();
    const update = within(glaze).getByRole('link', { name: 'Update your card' });
    const target = update.getAttribute('href')!;
    expect(document.querySelector(target)).toHaveTextContent('Payment plans');
  });

  it('fetches fresh download links when the tab comes back', async () => {
    let round = 0;
    answer(() => {
      round += 1;
      return { purchases: [testPurchase({ files: [{ id: 'f1', name: 'glazes.pdf', sizeBytes: 10, url: `/api/downloads/file/tok-${round}` }] })] };
    });
    renderMembers('/cozy-mugs/members');
    expect(await screen.findByRole('link', { name: /download glazes\.pdf/i })).toHaveAttribute('href', '/api/downloads/file/tok-1');
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByRole('link', { name: /download glazes\.pdf/i })).toHaveAttribute('href', '/api/downloads/file/tok-2'));
    act(() => focusManager.setFocused(undefined));
  });

  it('says there are no purchases yet and links back to the store', async () => {
    answer(() => ({ purchases: [] }));
    renderMembers('/cozy-mugs/members');
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the store' })).toHaveAttribute('href', '/cozy-mugs');
  });

  it("shows the server's message and retries", async () => {
    let fail = true;
    answer(() => {
      if (fail) throw new AppError('unavailable', 'The service is temporarily unavailable. Please try again.');
      return { purchases: [testPurchase()] };
    });
    renderMembers('/cozy-mugs/members');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your purchases could not load');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Glaze recipes' })).toBeInTheDocument();
  });

  it('signs out and goes to the login', async () => {
    answer(() => ({ purchases: [testPurchase()] }));
    const { router } = renderMembers('/cozy-mugs/members');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/login');
    expect(callsOf(call, 'customerSignOut')).toEqual([{ storeId: 's1' }]);
  });

  it('never shows a refunded purchase’s downloads even if links come back', async () => {
    answer(() => ({ purchases: [{ ...refunded, files: testPurchase().files }] }));
    renderMembers('/cozy-mugs/members');
    const mug = await screen.findByRole('article', { name: 'Mug template' });
    expect(within(mug).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends the customer to sign in when their session has ended', async () => {
    answer(() => {
      throw new AppError('unauthenticated', 'Please sign in.');
    });
    const { router } = renderMembers('/cozy-mugs/members');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/login');
  });

  it.each(['mocha-mood', 'neon-pulse'] as const)("wears the store's %s theme, its colours and its avatar", async (theme) => {
    answerFunctions(call, {
      lookupStore: () => STORE_REF,
      getCustomerSession: () => ({ customer: TEST_MEMBER }),
      getMyPurchases: () => ({ purchases: [testPurchase({ product: { coverImageUrl: '/media/s1/cover.webp' } })] }),
      getStorefront: () => ({
        store: { id: 's1', slug: 'cozy-mugs', customDomain: null, profile: { name: 'Cozy Mugs', theme, avatarUrl: '/media/s1/avatar.webp', themeOverrides: { colors: { headerBackgroundColor: '#112233' } } } },
      }),
    });
    const { container } = renderMembers('/cozy-mugs/members');
    expect(await screen.findByRole('img', { name: 'Cozy Mugs' })).toHaveAttribute('src', '/media/s1/avatar.webp');
    expect(await screen.findByRole('img', { name: 'Glaze recipes' })).toHaveAttribute('src', '/media/s1/cover.webp');
    const root = container.querySelector<HTMLElement>('.sf-root')!;
    expect(root).toHaveAttribute('data-theme', theme);
    expect(root.style.getPropertyValue('--sf-header-bg')).toBe('#112233');
    // A dark header colour gets the theme's light ink.
    expect(root.style.getPropertyValue('--sf-header-text')).toMatch(/^#(fbf3ea|eeeaff)$/);
    expect(screen.getByRole('banner')).toHaveClass('sf-members-panel');
    expect(callsOf(call, 'getStorefront')).toEqual([{ slug: 'cozy-mugs' }]);
  });
});
