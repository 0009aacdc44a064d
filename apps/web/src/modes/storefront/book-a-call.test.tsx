import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutForm, type CheckoutFormProps } from '#src/features/checkout/checkout-form.tsx';
import { CheckoutRequestError, type CreateCheckoutInput } from '#src/features/checkout/create-checkout-request.ts';
import type { OpenSlots } from '#src/features/bookings/api/open-slots-request.ts';
import { BookCall, type BookingHooks } from '#src/features/bookings/components/book-call.tsx';

// The composition the call page's extra makes (modes/storefront/extras/book-call-view.tsx), with seams.
const NOW = new Date('2026-12-07T14:00:00Z');
const TUESDAY = ['2026-12-08T08:00:00.000Z', '2026-12-08T08:45:00.000Z'];
const facts = { durationMinutes: 30, locationKind: 'video-url' as const, packageSize: 1, intakeQuestions: [{ id: 'q1', label: 'What should we talk about?', kind: 'long-text' as const, required: true }] };
const product = { id: 'prd_call', type: 'call' as const, title: 'Strategy call', priceMode: 'fixed' as const, priceCents: 5000, minPriceCents: 0, currency: 'usd', ctaLabel: 'Book a call' };

function renderBooking(submit: (input: CreateCheckoutInput) => Promise<{ checkoutId: string; checkoutUrl: string }>, request = vi.fn(async (): Promise<OpenSlots> => ({ starts: TUESDAY, ...facts }))) {
  const redirect = vi.fn();
  const Checkout = (props: Omit<CheckoutFormProps, 'submitCheckout' | 'redirect' | 'newKey'> & BookingHooks) => <CheckoutForm {...props} submitCheckout={submit} redirect={redirect} newKey={() => 'key_1'} />;
  render(<BookCall storeId="store_1" productId="prd_call" checkout={Checkout} checkoutProps={{ storeId: 'store_1', product, basePath: '/cozy-mugs' }} request={request} now={() => NOW} />);
  return { redirect, request };
}

async function fillBuyer() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ana Buyer');
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
}

describe('booking a call on its product page', { timeout: 30_000 }, () => {
  it('sends the chosen time, the buyer’s zone and the answers with the checkout', async () => {
    const submit = vi.fn(async () => ({ checkoutId: 'chk_1', checkoutUrl: 'https://pay.test/chk_1' }));
    const { redirect, request } = renderBooking(submit);
    expect(await screen.findByText('30 minutes · Video call')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ storeId: 'store_1', productId: 'prd_call', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }), expect.any(AbortSignal));
    await fillBuyer();

    // No time yet: the form says so and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Book a call' }));
    expect(await screen.findByText('Choose a time for the call first.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.click(screen.getAllByRole('radio', { name: /AM|PM/ })[1]!);
    // The required question is unanswered.
    await userEvent.click(screen.getByRole('button', { name: 'Book a call' }));
    expect(await screen.findByText('Please answer: What should we talk about?')).toBeInTheDocument();
    expect(screen.getByLabelText('What should we talk about?')).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('What should we talk about?'), '  My prices  ');
    await userEvent.click(screen.getByRole('button', { name: 'Book a call' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://pay.test/chk_1'));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        productId: 'prd_call',
        name: 'Ana Buyer',
        email: 'ana@example.com',
        booking: { start: '2026-12-08T08:45:00.000Z', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, answers: { q1: 'My prices' } },
      }),
    );
  });

  it('shows why a taken time was refused and offers the times left', async () => {
    const taken = 'This time was just booked by someone else. Please choose another time.';
    const submit = vi.fn(async (): Promise<{ checkoutId: string; checkoutUrl: string }> => Promise.reject(new CheckoutRequestError(taken)));
    let starts = TUESDAY;
    const request = vi.fn(async (): Promise<OpenSlots> => ({ starts, ...facts, intakeQuestions: [] }));
    renderBooking(submit, request);
    const times = await screen.findAllByRole('radio', { name: /AM|PM/ });
    await userEvent.click(times[0]!);
    await fillBuyer();
    starts = [TUESDAY[1]!];
    await userEvent.click(screen.getByRole('button', { name: 'Book a call' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    // The week is asked again; the taken time is gone and nothing is chosen.
    await waitFor(() => expect(screen.getAllByRole('radio', { name: /AM|PM/ })).toHaveLength(1));
    expect(request).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('radio', { name: /AM|PM/ })).not.toBeChecked();
  });
});
