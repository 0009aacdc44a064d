import { AppError, UPSELL_MESSAGES, type ThankYouUpsell } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderMode, resolutionFor } from '#src/testing/render-mode.tsx';
import type { CheckoutStatus } from './api/get-checkout-status.ts';
import { CompletedThanks } from './completed-thanks.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const offer: ThankYouUpsell = {
  productId: 'prd_work',
  title: 'Glaze workbook',
  headline: 'Wait — add the workbook?',
  priceCents: 900,
  normalPriceCents: 1500,
  currency: 'USD',
  status: 'offered',
  message: null,
  checkoutId: null,
  orderId: null,
};
const file = (name: string) => ({ id: `file_${name}`, name, sizeBytes: 2048, url: `https://files.example/${name}`, downloadsLeft: null });
const first: CheckoutStatus = {
  status: 'completed',
  orderId: 'ord_first',
  productTitle: 'Glaze guide',
  productType: 'digital',
  storeSlug: 'cozy-mugs',
  amountCents: 2000,
  currency: 'USD',
  files: [file('guide.pdf')],
  upsell: offer,
};

function renderThanks(status: CheckoutStatus = first) {
  const element = <CompletedThanks status={status} checkoutId="chk_first" membersSignupHref="/members/signup" back={<a href="/">Back</a>} />;
  return renderMode({ routes: [{ path: '/thanks', element }], path: '/thanks', resolution: resolutionFor('storefront') });
}

describe('the one-click offer on the thank-you page', { timeout: 15_000 }, () => {
  it('shows the offer with its special and normal price; yes charges once and shows both orders with their downloads', async () => {
    answerFunctions(call, {
      acceptUpsell: () => ({ upsell: { ...offer, status: 'accepted', checkoutId: 'chk_second', orderId: 'ord_second' } }),
      getCheckoutStatus: () => ({ ...first, orderId: 'ord_second', productTitle: 'Glaze workbook', amountCents: 900, files: [file('workbook.zip')], upsell: undefined }),
    });
    renderThanks();
    const section = screen.getByRole('region', { name: 'Wait — add the workbook?' });
    expect(section).toHaveAccessibleDescription('Special price $9 instead of $15');
    expect(within(section).getByText('Glaze workbook')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Yes, add it — one click ($9)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Both orders are confirmed' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Wait — add the workbook?' })).toBeNull();
    const orders = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(orders[0]).toHaveTextContent('Glaze guide$20');
    expect(await screen.findByRole('link', { name: 'Download workbook.zip' })).toHaveAttribute('href', 'https://files.example/workbook.zip');
    expect(screen.getByRole('link', { name: 'Download guide.pdf' })).toBeInTheDocument();
    expect(callsOf(call, 'acceptUpsell')).toEqual([{ checkoutId: 'chk_first', productId: 'prd_work' }]);
    expect(callsOf(call, 'getCheckoutStatus')).toEqual([{ checkoutId: 'chk_second' }]);
  });

  it('a declined card shows its message and the first order’s thank-you', async () => {
    answerFunctions(call, { acceptUpsell: () => ({ upsell: { ...offer, status: 'failed', message: UPSELL_MESSAGES.cardDeclined } }) });
    renderThanks();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Yes, add it/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UPSELL_MESSAGES.cardDeclined);
    expect(screen.queryByRole('region', { name: 'Wait — add the workbook?' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Your order' })).getByText('Glaze guide')).toBeInTheDocument();
    expect(screen.queryByText('Glaze workbook')).toBeNull();
  });

  it('no thanks records the choice and closes the offer; an ended offer says so', async () => {
    answerFunctions(call, { declineUpsell: () => ({ upsell: { ...offer, status: 'declined' } }) });
    renderThanks();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Wait — add the workbook?' })).toBeNull();
    expect(callsOf(call, 'declineUpsell')).toEqual([{ checkoutId: 'chk_first' }]);

    answerFunctions(call, {
      acceptUpsell: () => {
        throw new AppError('failed-precondition', UPSELL_MESSAGES.offerEnded);
      },
    });
    renderThanks({ ...first, upsell: { ...offer, headline: null } });
    await user.click(screen.getByRole('button', { name: /Yes, add it/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UPSELL_MESSAGES.offerEnded);
    expect(screen.getByRole('region', { name: 'Add Glaze workbook to your order?' })).toBeInTheDocument();
  });

  it('shows no offer once it was answered or when there is none', () => {
    renderThanks({ ...first, upsell: { ...offer, status: 'declined' } });
    renderThanks({ ...first, upsell: undefined });
    expect(screen.queryByRole('region', { name: /workbook/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Yes, add it/ })).toBeNull();
  });

  it('a course bought with an offer says how to start it, not "download", and a course taken as the offer does too', async () => {
    const course: CheckoutStatus = { ...first, productTitle: 'Wheel throwing', productType: 'course', files: [], coursePath: '/courses/prd_course' };
    answerFunctions(call, {
      acceptUpsell: () => ({ upsell: { ...offer, title: 'Glazing course', status: 'accepted', checkoutId: 'chk_second', orderId: 'ord_second' } }),
      getCheckoutStatus: () => ({ ...course, orderId: 'ord_second', productTitle: 'Glazing course', amountCents: 900, coursePath: '/courses/prd_glazing', upsell: undefined }),
    });
    renderThanks(course);
    expect(screen.getByRole('heading', { level: 1, name: 'Your course is ready' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the course' })).toHaveAttribute('href', '/members/courses/prd_course');
    expect(screen.queryByText(/download/i)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, add it — one click ($9)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Both orders are confirmed' })).toBeInTheDocument();
    const orders = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(await within(orders[1]!).findByRole('link', { name: 'Start the course' })).toHaveAttribute('href', '/members/courses/prd_glazing');
  });
});
