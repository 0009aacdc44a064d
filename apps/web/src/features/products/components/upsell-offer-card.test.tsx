import { AppError, DOWNSELL_MESSAGES, UPSELL_MESSAGES, type Product } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { UpsellOfferCard } from './upsell-offer-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const guide = testProduct({ id: 'prd_guide', title: 'Guide', priceCents: 1200 });
const course = testProduct({ id: 'prd_course', title: 'Video course', type: 'course', priceCents: 4900 });
const free = testProduct({ id: 'prd_free', title: 'Free checklist', priceMode: 'free', priceCents: 0 });
const call1 = testProduct({ id: 'prd_call', title: 'Coaching call', type: 'call', priceCents: 9900 });
const listed = (products: Product[]) => ({ listProducts: () => ({ products, currency: 'USD' }) });

describe('After purchase, offer card', { timeout: 15_000 }, () => {
  it('offers priced one-off products only, refuses a price above the normal one before sending, then saves', async () => {
    answerFunctions(call, {
      ...listed([guide, course, free, call1]),
      updateProduct: (data: Partial<Product>) => ({ ...guide, ...data }),
    });
    renderForCreator(<UpsellOfferCard product={guide} />);
    const card = await screen.findByRole('region', { name: 'After purchase, offer' });
    await waitFor(() => expect(within(card).getByLabelText('Product to offer')).toBeEnabled());
    const select = within(card).getByLabelText('Product to offer');
    expect(within(select).queryByRole('option', { name: 'Free checklist' })).toBeNull();
    expect(within(select).queryByRole('option', { name: 'Coaching call' })).toBeNull();
    expect(within(select).queryByRole('option', { name: 'Guide' })).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(select, 'Video course');
    const price = within(card).getByLabelText('Special price (USD)');
    expect(within(card).getByText('At most its normal $49.00.')).toBeInTheDocument();
    await user.type(price, '49.01');
    await user.click(within(card).getByRole('button', { name: 'Save offer' }));
    expect(await within(card).findByText(UPSELL_MESSAGES.priceTooHigh)).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '49');
    await user.type(within(card).getByLabelText('Headline (optional)'), 'Go deeper with the course');
    await user.click(within(card).getByRole('button', { name: 'Save offer' }));
    expect(await screen.findByText('After-purchase offer saved.')).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([
      {
        storeId: guide.storeId,
        productId: guide.id,
        upsellProductId: 'prd_course',
        upsellPriceCents: 4900,
        upsellHeadline: 'Go deeper with the course',
        downsellProductId: null,
        downsellPriceCents: null,
        downsellHeadline: null,
      },
    ]);
  });

  it('offers something instead only with an upsell; the same product must cost less than the upsell', async () => {
    const sheet = testProduct({ id: 'prd_sheet', title: 'Cheat sheet', priceCents: 900 });
    answerFunctions(call, {
      ...listed([guide, course, sheet]),
      updateProduct: (data: Partial<Product>) => ({ ...guide, ...data }),
    });
    renderForCreator(<UpsellOfferCard product={guide} />);
    const card = await screen.findByRole('region', { name: 'After purchase, offer' });
    await waitFor(() => expect(within(card).getByLabelText('Product to offer')).toBeEnabled());
    expect(within(card).queryByRole('group', { name: 'If they decline, offer instead' })).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(within(card).getByLabelText('Product to offer'), 'Video course');
    await user.type(within(card).getByLabelText('Special price (USD)'), '30');
    const instead = within(card).getByRole('group', { name: 'If they decline, offer instead' });
    await user.selectOptions(within(instead).getByLabelText('Product to offer instead'), 'Video course');
    expect(within(instead).getByText('At most its normal $49.00, and below the first offer’s price.')).toBeInTheDocument();
    await user.type(within(instead).getByLabelText('Its special price (USD)'), '30');
    await user.click(within(card).getByRole('button', { name: 'Save offer' }));
    expect(await within(instead).findByText(DOWNSELL_MESSAGES.notBelowUpsell)).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([]);
    await user.selectOptions(within(instead).getByLabelText('Product to offer instead'), 'Cheat sheet');
    expect(within(instead).getByText('At most its normal $9.00.')).toBeInTheDocument();
    await user.clear(within(instead).getByLabelText('Its special price (USD)'));
    await user.type(within(instead).getByLabelText('Its special price (USD)'), '9.01');
    await user.click(within(card).getByRole('button', { name: 'Save offer' }));
    expect(await within(instead).findByText(DOWNSELL_MESSAGES.priceTooHigh)).toBeInTheDocument();
    await user.clear(within(instead).getByLabelText('Its special price (USD)'));
    await user.type(within(instead).getByLabelText('Its special price (USD)'), '5');
    await user.type(within(instead).getByLabelText('Its headline (optional)'), 'Just the cheat sheet?');
    await user.click(within(card).getByRole('button', { name: 'Save offer' }));
    expect(await screen.findByText('After-purchase offer saved.')).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([
      {
        storeId: guide.storeId,
        productId: guide.id,
        upsellProductId: 'prd_course',
        upsellPriceCents: 3000,
        upsellHeadline: null,
        downsellProductId: 'prd_sheet',
        downsellPriceCents: 500,
        downsellHeadline: 'Just the cheat sheet?',
      },
    ]);
  });

  it('shows the saved offer once the products arrive', async () => {
    answerFunctions(call, listed([guide, course]));
    renderForCreator(<UpsellOfferCard product={{ ...guide, upsellProductId: 'prd_course', upsellPriceCents: 2500, upsellHeadline: 'Go deeper' }} />);
    const card = await screen.findByRole('region', { name: 'After purchase, offer' });
    await waitFor(() => expect(within(card).getByLabelText('Product to offer')).toBeEnabled());
    expect(within(card).getByLabelText('Product to offer')).toHaveValue('prd_course');
    expect(within(card).getByLabelText('Special price (USD)')).toHaveValue('25.00');
    expect(within(card).getByLabelText('Headline (optional)')).toHaveValue('Go deeper');
  });

  it('shows the server’s refusal', async () => {
    answerFunctions(call, {
      ...listed([guide, course]),
      updateProduct: () => {
        throw new AppError('not-found', UPSELL_MESSAGES.productNotFound);
      },
    });
    renderForCreator(<UpsellOfferCard product={guide} />);
    const card = await screen.findByRole('region', { name: 'After purchase, offer' });
    await waitFor(() => expect(within(card).getByLabelText('Product to offer')).toBeEnabled());
    const select = within(card).getByLabelText('Product to offer');
    const user = userEvent.setup();
    await user.selectOptions(select, 'Video course');
    await user.type(within(card).getByLabelText('Special price (USD)'), '10');
    await user.click(within(card).getByRole('button', { name: 'Save offer' }));
    expect(await within(card).findByText(UPSELL_MESSAGES.productNotFound)).toBeInTheDocument();
  });

  it('is not shown for a membership or a link', () => {
    renderForCreator(<UpsellOfferCard product={testProduct({ type: 'membership' })} />);
    renderForCreator(<UpsellOfferCard product={testProduct({ type: 'link' })} />);
    expect(screen.queryByRole('region', { name: 'After purchase, offer' })).toBeNull();
  });
});
