import { AppError, UPSELL_MESSAGES, type ThankYouOffer, type ThankYouUpsell } from '@shopfront/core';
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

const upsell: ThankYouUpsell = {
  productId: 'prd_course',
  title: 'Glazing course',
  headline: null,
  priceCents: 4900,
  normalPriceCents: 9900,
  currency: 'USD',
  status: 'offered',
  message: null,
  checkoutId: null,
  orderId: null,
};
const downsell: ThankYouOffer = { ...upsell, productId: 'prd_sheet', title: 'Glaze cheat sheet', headline: null, priceCents: 700, normalPriceCents: 1200 };
const declined: ThankYouUpsell = { ...upsell, status: 'declined', downsell };
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
  upsell,
};

function renderThanks(status: CheckoutStatus = first) {
  const element = <CompletedThanks status={status} checkoutId="chk_first" membersSignupHref="/members/signup" back={<a href="/">Back</a>} />;
  return renderMode({ routes: [{ path: '/thanks', element }], path: '/thanks', resolution: resolutionFor('storefront') });
}

describe('the downsell on the thank-you page, after no thanks to the upsell', { timeout: 15_000 }, () => {
  it('no thanks shows the offer made instead; yes with the keyboard buys it and lists both orders', async () => {
    answerFunctions(call, {
      declineUpsell: () => ({ upsell: declined }),
      acceptDownsell: () => ({ upsell: { ...declined, downsell: { ...downsell, status: 'accepted', checkoutId: 'chk_third', orderId: 'ord_third' } } }),
      getCheckoutStatus: () => ({ ...first, orderId: 'ord_third', productTitle: 'Glaze cheat sheet', amountCents: 700, files: [file('sheet.pdf')], upsell: undefined }),
    });
    renderThanks();
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('region', { name: 'Add Glazing course to your order?' })).getByRole('button', { name: 'No thanks' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Add Glazing course to your order?' })).toBeNull();
    const offer = screen.getByRole('region', { name: 'How about Glaze cheat sheet instead?' });
    expect(offer).toHaveAccessibleDescription('Special price $7 instead of $12');
    expect(within(offer).getByText('Or instead')).toBeInTheDocument();
    await user.tab();
    expect(within(offer).getByRole('button', { name: 'Yes, add it — one click ($7)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Both orders are confirmed' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: /instead/ })).toBeNull();
    const orders = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(orders[0]).toHaveTextContent('Glaze guide$20');
    expect(screen.getByText('Glaze cheat sheet')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download sheet.pdf' })).toHaveAttribute('href', 'https://files.example/sheet.pdf');
    expect(screen.queryByText('Glazing course')).toBeNull();
    expect(callsOf(call, 'acceptDownsell')).toEqual([{ checkoutId: 'chk_first', productId: 'prd_sheet' }]);
    expect(callsOf(call, 'acceptUpsell')).toEqual([]);
    expect(callsOf(call, 'getCheckoutStatus')).toEqual([{ checkoutId: 'chk_third' }]);
  });

  it('no thanks to it too ends the funnel with the first order alone', async () => {
    answerFunctions(call, { declineDownsell: () => ({ upsell: { ...declined, downsell: { ...downsell, status: 'declined' } } }) });
    renderThanks({ ...first, upsell: declined });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('region', { name: 'How about Glaze cheat sheet instead?' })).getByRole('button', { name: 'No thanks' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.queryByRole('region', { name: /cheat sheet|Glazing course/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Yes, add it/ })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Your order' })).getByText('Glaze guide')).toBeInTheDocument();
    expect(callsOf(call, 'declineDownsell')).toEqual([{ checkoutId: 'chk_first' }]);
  });

  it('while the charge runs both buttons wait; a refusal is said and the offer stays; a declined card says so above the first order', async () => {
    let finish: (value: unknown) => void = () => undefined;
    answerFunctions(call, { acceptDownsell: () => new Promise((resolve) => (finish = resolve)) });
    renderThanks({ ...first, upsell: { ...declined, downsell: { ...downsell, headline: 'Just the cheat sheet?' } } });
    const offer = screen.getByRole('region', { name: 'Just the cheat sheet?' });
    const user = userEvent.setup();
    await user.click(within(offer).getByRole('button', { name: /Yes, add it/ }));
    const busy = await within(offer).findByRole('button', { name: 'Adding…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(offer).getByRole('button', { name: 'No thanks' })).toBeDisabled();
    finish({ upsell: { ...declined, downsell: { ...downsell, status: 'failed', message: UPSELL_MESSAGES.cardDeclined } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(UPSELL_MESSAGES.cardDeclined);
    expect(screen.queryByRole('region', { name: 'Just the cheat sheet?' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Your order' })).getByText('Glaze guide')).toBeInTheDocument();

    answerFunctions(call, {
      acceptDownsell: () => {
        throw new AppError('failed-precondition', UPSELL_MESSAGES.offerEnded);
      },
    });
    renderThanks({ ...first, upsell: declined });
    await user.click(screen.getByRole('button', { name: 'Yes, add it — one click ($7)' }));
    expect(await screen.findByText(UPSELL_MESSAGES.offerEnded)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How about Glaze cheat sheet instead?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, add it — one click ($7)' })).toBeEnabled();
  });

  it('is not shown while the upsell is open, after a yes to it, or once it ended', () => {
    renderThanks({ ...first, upsell: { ...upsell, downsell } });
    expect(screen.queryByRole('region', { name: /instead/ })).toBeNull();
    renderThanks({ ...first, upsell: { ...declined, downsell: { ...downsell, status: 'ended' } } });
    expect(screen.queryByRole('region', { name: /instead/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yes, add it — one click ($7)' })).toBeNull();
  });
});
