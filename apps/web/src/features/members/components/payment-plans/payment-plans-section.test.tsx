import type { PaymentPlanView } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { PaymentPlansSection, planPortalBrowser } from './payment-plans-section.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const pastDue: PaymentPlanView = {
  id: 'pln_1',
  orderId: 'ord_1',
  productTitle: 'Wheel Throwing',
  provider: 'test',
  instalments: 3,
  instalmentCents: 9900,
  currency: 'USD',
  paidCount: 1,
  status: 'past_due',
  nextDueAt: '2030-07-01T12:00:00.000Z',
  graceUntil: '2030-07-06T12:00:00.000Z',
  nextAttemptAt: '2030-07-02T12:00:00.000Z',
  charges: [
    { instalment: 1, attempt: 0, status: 'paid', amountCents: 9900, dueAt: '2030-06-01T12:00:00.000Z', chargedAt: '2030-06-01T12:00:00.000Z' },
    { instalment: 2, attempt: 0, status: 'failed', amountCents: 9900, dueAt: '2030-07-01T12:00:00.000Z', chargedAt: '2030-07-01T12:00:00.000Z' },
  ],
};

describe('the buyer’s payment plans', { timeout: 20_000 }, () => {
  it('shows the plan, each instalment and the failed one’s next try; Update card saves the card for the plan', async () => {
    answerFunctions(call, {
      listMyPaymentPlans: () => ({ plans: [pastDue] }),
      replaceMyPlanCard: () => ({ kind: 'replaced', plan: pastDue }),
    });
    renderForCreator(<PaymentPlansSection storeId="store_1" />);
    const plan = await screen.findByRole('article', { name: 'Wheel Throwing' });
    expect(within(plan).getByText('3 × $99 monthly (total $297)')).toBeInTheDocument();
    expect(within(plan).getByText('Payment failed')).toBeInTheDocument();
    expect(within(plan).getByText(/Update your card to keep access after Jul 6, 2030/)).toBeInTheDocument();
    const lines = within(plan).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual(['Instalment 1: Paid Jun 1, 2030', 'Instalment 2: Failed — next try Jul 2, 2030', 'Instalment 3: Due Aug 1, 2030']);
    const user = userEvent.setup();
    await user.click(within(plan).getByRole('button', { name: 'Update card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update your card' });
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.type(within(dialog).getByLabelText('Name on card'), 'Pia Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update your card' })).toBeNull());
    expect(callsOf(call, 'replaceMyPlanCard')).toEqual([{ storeId: 'store_1', planId: 'pln_1', card: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardName: 'Pia Plan' } }]);
  });

  it('a completed plan offers no card change; no plans show nothing', async () => {
    answerFunctions(call, { listMyPaymentPlans: () => ({ plans: [{ ...pastDue, status: 'completed', paidCount: 3, graceUntil: null, nextDueAt: null, nextAttemptAt: null }] }) });
    renderForCreator(<PaymentPlansSection storeId="store_1" />);
    const plan = await screen.findByRole('article', { name: 'Wheel Throwing' });
    expect(within(plan).getByText('Paid in full')).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Update card' })).toBeNull();
  });

  it('a plan billed by Stripe offers Manage billing, which opens Stripe’s portal; a stopped one says why and offers nothing', async () => {
    const assign = vi.spyOn(planPortalBrowser, 'assign').mockImplementation(() => {});
    answerFunctions(call, {
      listMyPaymentPlans: () => ({ plans: [{ ...pastDue, provider: 'stripe' }, { ...pastDue, id: 'pln_2', productTitle: 'Glazing', provider: 'stripe', status: 'locked', graceUntil: null }] }),
      openMyPlanBillingPortal: () => ({ url: 'https://billing.stripe.test/session/1' }),
    });
    renderForCreator(<PaymentPlansSection storeId="store_1" />);
    const plan = await screen.findByRole('article', { name: 'Wheel Throwing' });
    expect(within(plan).getByText(/Update your card in Manage billing to keep access after Jul 6, 2030/)).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Update card' })).toBeNull();
    await userEvent.setup().click(within(plan).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/session/1'));
    expect(callsOf(call, 'openMyPlanBillingPortal')).toEqual([{ storeId: 'store_1', planId: 'pln_1' }]);

    const stopped = screen.getByRole('article', { name: 'Glazing' });
    expect(within(stopped).getByText(/Stripe has stopped the plan\. Contact the seller/)).toBeInTheDocument();
    expect(within(stopped).queryByRole('button')).toBeNull();
  });
});
