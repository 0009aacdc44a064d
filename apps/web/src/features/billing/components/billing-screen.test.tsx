import { AppError, PLAN_IDS, PLANS, type FunctionOutput } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { BillingScreen, billingBrowser } from './billing-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.restoreAllMocks());

type Billing = FunctionOutput<'getBilling'>;
const plans = PLAN_IDS.map((id) => ({ id, name: PLANS[id].name, storeLimit: PLANS[id].storeLimit, platformFeePercent: PLANS[id].platformFeePercent, features: [...PLANS[id].features], monthlyCents: PLANS[id].monthlyCents, yearlyCents: PLANS[id].yearlyCents }));
const store = (id: string, name: string, offlineReason: string | null = null) => ({ id, name, slug: id, published: true, offlineReason, createdAt: '2026-01-01T00:00:00.000Z' });

function billing(overrides: Partial<Billing> = {}): Billing {
  return { planId: 'free', provider: 'test', subscription: null, plans, stores: [store('store_a', 'Alpha')], pendingPlanId: null, ...overrides };
}
const creatorSub = (overrides: Partial<NonNullable<Billing['subscription']>> = {}) => ({
  provider: 'test' as const,
  planId: 'creator' as const,
  interval: 'month' as const,
  status: 'active' as const,
  priceCents: 2900,
  currentPeriodEnd: '2026-12-25T00:00:00.000Z',
  graceUntil: null,
  ...overrides,
});

function show(answer: Billing, extra: Parameters<typeof answerFunctions>[1] = {}) {
  answerFunctions(call, { getBilling: () => answer, listInvoices: () => ({ invoices: [] }), ...extra });
  return renderForCreator(<BillingScreen />, { path: '/dashboard/settings/billing' });
}

describe('BillingScreen', () => {
  it('on free: shows the plans with prices, monthly or yearly, and starts a checkout for the chosen one', async () => {
    const assign = vi.spyOn(billingBrowser, 'assign').mockImplementation(() => {});
    show(billing(), { startPlanCheckout: () => ({ url: 'http://localhost/api/billing/test/tbs_x' }) });
    expect(await screen.findByRole('heading', { name: 'Current plan: Free' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Plans' });
    expect(within(list).getByText('$29.00 / month')).toBeInTheDocument();
    expect(within(list).getByText('$0.00 / month')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Yearly (2 months free)' }));
    expect(within(list).getByText('$290.00 / year')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Creator' }));
    expect(callsOf(call, 'startPlanCheckout')).toEqual([{ planId: 'creator', interval: 'year' }]);
    expect(assign).toHaveBeenCalledWith('http://localhost/api/billing/test/tbs_x');
    expect(await screen.findByText('No invoices yet. They appear here after your first payment.')).toBeInTheDocument();
  });

  it('shows the grace banner after a failed payment', async () => {
    show(billing({ planId: 'creator', subscription: creatorSub({ status: 'past_due', graceUntil: '2026-12-02T12:00:00.000Z' }) }));
    expect(await screen.findByText(/Payment failed — your Creator plan stays until December 2, 2026, then drops to free\./)).toBeInTheDocument();
  });

  it('a downgrade with more stores than the new limit asks which stay published, then sends that choice', async () => {
    const answer = billing({ planId: 'creator', subscription: creatorSub(), stores: [store('store_a', 'Alpha'), store('store_b', 'Beta'), store('store_c', 'Gamma')] });
    show(answer, { changePlan: () => ({ status: 'pending' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    const dialog = screen.getByRole('dialog', { name: 'Downgrade to Free' });
    expect(within(dialog).getByText('Keep 1 store published (1 of 1 chosen)')).toBeInTheDocument();
    // Alpha is pre-ticked; the others cannot be added until it is unticked.
    expect(within(dialog).getByRole('checkbox', { name: /Beta/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /Alpha/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Beta/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
    expect(callsOf(call, 'changePlan')).toEqual([{ planId: 'free', keepStoreIds: ['store_b'] }]);
  });

  it('a refused downgrade shows the server’s message in the dialog', async () => {
    show(billing({ planId: 'creator', subscription: creatorSub(), stores: [store('store_a', 'Alpha'), store('store_b', 'Beta')] }), {
      changePlan: () => {
        throw new AppError('not-found', 'Store not found.');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    await user.click(screen.getByRole('button', { name: 'Downgrade' }));
    expect(await screen.findByText('Store not found.')).toBeInTheDocument();
  });

  it('stores offline by the plan limit are named, and the creator can choose which are published', async () => {
    show(billing({ stores: [store('store_a', 'Alpha'), store('store_b', 'Beta', 'plan-limit')] }), { choosePublishedStores: () => ({ stores: [] }) });
    expect(await screen.findByText(/Your Free plan allows 1 store, so Beta is offline\. Nothing was deleted\./)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choose which stores are published' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose published stores' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Alpha/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Beta/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(callsOf(call, 'choosePublishedStores')).toEqual([{ storeIds: ['store_b'] }]);
  });

  it('lists invoices with download links', async () => {
    show(billing({ planId: 'creator', subscription: creatorSub() }), {
      listInvoices: () => ({ invoices: [{ id: 'tin_1', number: 'TEST-1', createdAt: '2026-11-25T00:00:00.000Z', amountCents: 2900, currency: 'usd', status: 'paid', downloadUrl: '/api/billing/test-invoices/tin_1' }] }),
    });
    expect(await screen.findByRole('link', { name: 'Download invoice TEST-1' })).toHaveAttribute('href', '/api/billing/test-invoices/tin_1');
    expect(screen.getByRole('button', { name: 'Manage card and cancellation' })).toBeInTheDocument();
  });
});
