import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { CheckoutForm, type CheckoutFormProps } from './checkout-form.tsx';
import type { CreatedCheckout } from './create-checkout-request.ts';

function props(product: CheckoutFormProps['product']) {
  const submitCheckout = vi.fn<(input: unknown) => Promise<CreatedCheckout>>().mockResolvedValue({ checkoutId: 'chk_1', checkoutUrl: 'https://pay.example/1' });
  return { storeId: 'store_1', product, basePath: '/cozy-mugs', submitCheckout, redirect: vi.fn(), newKey: () => 'key-0123456789' };
}

describe('the checkout form’s payment plan choice', () => {
  const planned = storefrontProductDetail({ id: 'prd_1', priceCents: 29_700, bump: { title: 'Glaze templates', priceCents: 700 }, plan: { instalments: 3, instalmentCents: 9900 } });

  it('offers paying in full (chosen) or in instalments; the plan hides the bump and the discount code and sends paymentPlan', async () => {
    const { submitCheckout, ...rest } = props(planned);
    render(<CheckoutForm {...rest} submitCheckout={submitCheckout} />);
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Pay in full $297' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Add Glaze templates for $7.00' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '3 × $99 monthly (total $297)' }));
    expect(screen.queryByRole('checkbox', { name: /^Add / })).toBeNull();
    expect(screen.queryByText('Have a discount code?')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(submitCheckout).toHaveBeenCalledWith(expect.objectContaining({ productId: 'prd_1', paymentPlan: true })));
    expect(submitCheckout.mock.calls[0]![0]).not.toHaveProperty('orderBump');
  });

  it('paying in full sends no paymentPlan; a product without a plan shows no choice', async () => {
    const { submitCheckout, ...rest } = props(planned);
    const { unmount } = render(<CheckoutForm {...rest} submitCheckout={submitCheckout} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(submitCheckout).toHaveBeenCalled());
    expect(submitCheckout.mock.calls[0]![0]).not.toHaveProperty('paymentPlan');
    unmount();
    render(<CheckoutForm {...props(storefrontProductDetail({ plan: null }))} />);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
