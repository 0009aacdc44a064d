import { COMMERCE_MESSAGES } from '@shopfront/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { CheckoutForm, type CheckoutFormProps } from './checkout-form.tsx';
import { CheckoutRequestError, createCheckoutRequest, type CreatedCheckout } from './create-checkout-request.ts';

function setup(overrides: Partial<CheckoutFormProps> = {}) {
  const submitCheckout = vi.fn<(input: unknown) => Promise<CreatedCheckout>>();
  const redirect = vi.fn<(url: string) => void>();
  let n = 0;
  const newKey = vi.fn(() => `key-${++n}-0123456789`);
  render(
    <CheckoutForm
      storeId="store_1"
      product={storefrontProductDetail({ id: 'prod_1' })}
      basePath="/cozy-mugs"
      submitCheckout={submitCheckout}
      redirect={redirect}
      newKey={newKey}
      {...overrides}
    />,
  );
  return { submitCheckout, redirect, newKey, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, email: string) {
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Email'), email);
}

describe('CheckoutForm', () => {
  it('has phone-friendly fields: autocomplete, email keyboard, a big submit', () => {
    setup({ product: storefrontProductDetail({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 }) });
    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    const amount = screen.getByLabelText('Pay what you want (USD)');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    expect(amount).toHaveValue('10.00');
    expect(amount).toHaveAccessibleDescription('Minimum $5');
    expect(screen.getByRole('checkbox', { name: 'Email me about new products' })).not.toBeChecked();
  });

  it('shows field errors under the fields and sends nothing', async () => {
    const { submitCheckout, user } = setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(COMMERCE_MESSAGES.nameRequired);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address'));
    expect(submitCheckout).not.toHaveBeenCalled();
  });

  it('refuses a pay-what-you-want amount under the minimum', async () => {
    const { submitCheckout, user } = setup({ product: storefrontProductDetail({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 }) });
    await fill(user, 'Ada', 'ada@example.com');
    await user.clear(screen.getByLabelText('Pay what you want (USD)'));
    await user.type(screen.getByLabelText('Pay what you want (USD)'), '2');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(screen.getByText(`${COMMERCE_MESSAGES.amountTooLow} ($5)`)).toBeInTheDocument();
    expect(submitCheckout).not.toHaveBeenCalled();
  });

  it('creates the checkout in minor units with the consent, shows progress, then leaves for the checkout page', async () => {
    const { submitCheckout, redirect, user } = setup({ product: storefrontProductDetail({ id: 'prod_1', priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 }) });
    let finish!: (value: CreatedCheckout) => void;
    submitCheckout.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await fill(user, ' Ada ', 'ADA@example.com');
    await user.clear(screen.getByLabelText('Pay what you want (USD)'));
    await user.type(screen.getByLabelText('Pay what you want (USD)'), '12.5');
    await user.click(screen.getByRole('checkbox', { name: 'Email me about new products' }));
    await user.click(screen.getByRole('button', { name: 'Buy now' }));

    expect(submitCheckout).toHaveBeenCalledWith({
      storeId: 'store_1',
      productId: 'prod_1',
      name: 'Ada',
      email: 'ada@example.com',
      amount: 1250,
      marketingConsent: true,
      idempotencyKey: 'key-1-0123456789',
    });
    const pending = screen.getByRole('button', { name: 'Taking you to checkout…' });
    expect(pending).toBeDisabled();
    await user.click(pending);
    expect(submitCheckout).toHaveBeenCalledTimes(1);

    finish({ checkoutId: 'chk_1', checkoutUrl: 'https://checkout.example/pay/chk_1' });
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.example/pay/chk_1'));
  });

  it('keeps the idempotency key across retries of the same submit, and takes a new one for new details', async () => {
    const { submitCheckout, redirect, newKey, user } = setup();
    submitCheckout.mockRejectedValueOnce(new CheckoutRequestError('We could not reach the store. Check your connection and try again.'));
    submitCheckout.mockRejectedValueOnce(new CheckoutRequestError('This store cannot take payments yet.'));
    submitCheckout.mockResolvedValueOnce({ checkoutId: 'chk_2', checkoutUrl: '/api/checkout/test/chk_2' });
    await fill(user, 'Ada', 'ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This store cannot take payments yet.');
    const keys = submitCheckout.mock.calls.map(([input]) => (input as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toEqual(['key-1-0123456789', 'key-1-0123456789']);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'lovelace@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect((submitCheckout.mock.calls[2]![0] as { idempotencyKey: string }).idempotencyKey).toBe('key-2-0123456789');
    expect(newKey).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/api/checkout/test/chk_2'));
  });

  it('shows the server’s field messages under the fields', async () => {
    const { submitCheckout, user } = setup();
    submitCheckout.mockRejectedValueOnce(new CheckoutRequestError('Please enter your name', { name: 'Please enter your name' }));
    await fill(user, 'Ada', 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your name');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a free product’s buyer straight to the thank-you page', async () => {
    const { submitCheckout, redirect, user } = setup({
      product: storefrontProductDetail({ type: 'lead-magnet', priceMode: 'free', priceCents: 0, ctaLabel: 'Get it free' }),
    });
    submitCheckout.mockResolvedValue({ checkoutId: 'chk_free', checkoutUrl: '', orderId: 'ord_1' });
    expect(screen.queryByLabelText(/Pay what you want/)).toBeNull();
    await fill(user, 'Ada', 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Get it free' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/cozy-mugs/checkout/success?checkout=chk_free'));
  });
});

describe('createCheckoutRequest', () => {
  const input = { storeId: 's', productId: 'p', name: 'Ada', email: 'ada@example.com', idempotencyKey: 'key-0123456789' };

  it("posts {data} with the browser's time zone to /fn/createCheckout without cookies and answers the result", async () => {
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ result: { checkoutId: 'c', checkoutUrl: '/pay' } }), { status: 200 }));
    await expect(createCheckoutRequest(input, fetchStub)).resolves.toEqual({ checkoutId: 'c', checkoutUrl: '/pay' });
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/fn/createCheckout');
    expect(init.credentials).toBe('omit');
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(timeZone).toMatch(/^\w/);
    expect(JSON.parse(String(init.body))).toEqual({ data: { ...input, timeZone } });
  });

  it('turns a refusal into its message and field messages, and a network failure into a friendly one', async () => {
    const refusal = { error: { status: 'INVALID_ARGUMENT', message: 'Please enter your name', details: { fieldErrors: { name: ['Please enter your name'] } } } };
    const refused = createCheckoutRequest(input, async () => new Response(JSON.stringify(refusal), { status: 400 }));
    await expect(refused).rejects.toMatchObject({ message: 'Please enter your name', fields: { name: 'Please enter your name' } });
    const offline = createCheckoutRequest(input, async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline).rejects.toThrow('We could not reach the store. Check your connection and try again.');
  });
});
