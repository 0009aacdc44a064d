import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { CheckoutForm, type CheckoutFormProps } from './checkout-form.tsx';
import type { CreatedCheckout } from './create-checkout-request.ts';

function props(product: CheckoutFormProps['product']) {
  const submitCheckout = vi.fn<(input: unknown) => Promise<CreatedCheckout>>().mockResolvedValue({ checkoutId: 'chk_1', checkoutUrl: 'https://pay.example/1' });
  return { storeId: 'store_1', product, basePath: '/cozy-mugs', submitCheckout, redirect: vi.fn(), newKey: () => 'key-0123456789' };
}

describe('the checkout form’s order bump', () => {
  const withBump = storefrontProductDetail({ id: 'prd_1', bump: { title: 'Glaze templates', priceCents: 700 } });

  it('offers the add-on with its price, unticked; ticking it sends orderBump', async () => {
    const { submitCheckout, ...rest } = props(withBump);
    render(<CheckoutForm {...rest} submitCheckout={submitCheckout} />);
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Add Glaze templates for $7.00' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(submitCheckout).toHaveBeenCalledWith(expect.objectContaining({ productId: 'prd_1', orderBump: true })));
  });

  it('left unticked, the checkout carries no orderBump', async () => {
    const { submitCheckout, ...rest } = props(withBump);
    render(<CheckoutForm {...rest} submitCheckout={submitCheckout} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(submitCheckout).toHaveBeenCalled());
    expect(submitCheckout.mock.calls[0]![0]).not.toHaveProperty('orderBump');
  });

  it('shows no checkbox when the product has no bump (or it is not offered)', () => {
    render(<CheckoutForm {...props(storefrontProductDetail({ bump: null }))} />);
    expect(screen.queryByRole('checkbox', { name: /^Add / })).toBeNull();
  });

  it('server-renders the same markup the client hydrates ', () => {
    const html = renderToString(<CheckoutForm {...props(withBump)} />).replaceAll('<!-- -->', '');
    expect(html).toContain('Add Glaze templates for $7.00');
    expect(html).toContain('Have a discount code?');
    expect(html).not.toContain('Discount code</label>');
  });
});
