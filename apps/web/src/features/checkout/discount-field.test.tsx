import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { CheckoutForm, type CheckoutFormProps } from './checkout-form.tsx';
import { CheckoutRequestError, type CreatedCheckout, type DiscountPreview } from './create-checkout-request.ts';

const SPRING: DiscountPreview = { code: 'SPRING20', priceCents: 2400, discountedCents: 1920, currency: 'usd' };

function setup(options: { linkCode?: string | null; preview?: (input: { code: string }) => Promise<DiscountPreview>; product?: CheckoutFormProps['product'] } = {}) {
  const submitCheckout = vi.fn<(input: unknown) => Promise<CreatedCheckout>>().mockResolvedValue({ checkoutId: 'chk_1', checkoutUrl: 'https://pay.example/1' });
  const preview = vi.fn(options.preview ?? (async () => SPRING));
  render(
    <CheckoutForm
      storeId="store_1"
      product={options.product ?? storefrontProductDetail({ id: 'prd_1' })}
      basePath="/cozy-mugs"
      submitCheckout={submitCheckout}
      redirect={vi.fn()}
      newKey={() => 'key-0123456789'}
      discountSeams={{ preview, linkCode: () => options.linkCode ?? null }}
    />,
  );
  return { submitCheckout, preview, user: userEvent.setup() };
}

describe('the checkout form’s discount code', () => {
  it('applies a code: the old price struck through, the new one shown, and the code sent with the checkout', async () => {
    const { submitCheckout, preview, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Have a discount code?' }));
    await user.type(screen.getByLabelText('Discount code'), 'spring20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(preview).toHaveBeenCalledWith({ storeId: 'store_1', productId: 'prd_1', code: 'spring20' });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('SPRING20 applied: $24.00 $19.20');

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(submitCheckout).toHaveBeenCalledWith(expect.objectContaining({ discountCode: 'SPRING20' })));
  });

  it('shows the server’s refusal under the field and sends no code', async () => {
    const { submitCheckout, user } = setup({
      preview: async () => {
        throw new CheckoutRequestError('This discount code is not valid.');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Have a discount code?' }));
    await user.type(screen.getByLabelText('Discount code'), 'NOPE{Enter}');
    expect(await screen.findByText('This discount code is not valid.')).toBeVisible();
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription('This discount code is not valid.');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(submitCheckout).toHaveBeenCalled());
    expect(submitCheckout.mock.calls[0]![0]).not.toHaveProperty('discountCode');
  });

  it('an empty code asks for one without calling the server', async () => {
    const { preview, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Have a discount code?' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription('Please enter a discount code.');
    expect(preview).not.toHaveBeenCalled();
  });

  it('a ?discount= link applies its code on arrival, and Remove takes it off', async () => {
    const { preview, submitCheckout, user } = setup({ linkCode: 'SPRING20' });
    expect(await screen.findByRole('status')).toHaveTextContent('SPRING20 applied');
    expect(preview).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Remove discount code SPRING20' }));
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(submitCheckout).toHaveBeenCalled());
    expect(submitCheckout.mock.calls[0]![0]).not.toHaveProperty('discountCode');
  });

  it('free, pay-what-you-want and lead-magnet products offer no code', () => {
    for (const product of [
      storefrontProductDetail({ priceMode: 'free', priceCents: 0 }),
      storefrontProductDetail({ priceMode: 'pay-what-you-want', priceCents: 500 }),
      storefrontProductDetail({ type: 'lead-magnet', priceMode: 'free', priceCents: 0 }),
    ]) {
      const { unmount } = render(<CheckoutForm storeId="store_1" product={product} basePath="" />);
      expect(screen.queryByRole('button', { name: 'Have a discount code?' })).toBeNull();
      unmount();
    }
  });
});
