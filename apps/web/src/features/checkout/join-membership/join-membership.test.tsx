import type { StorefrontMembershipTier } from '@shopfront/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { JoinMembership } from './join-membership.tsx';
import { JoinRequestError, startMembershipRequest, type StartMembershipInput } from './start-membership-request.ts';

const tier = (overrides: Partial<StorefrontMembershipTier>): StorefrontMembershipTier => ({
  id: 'mtr_1',
  name: 'Supporter',
  description: '',
  benefits: [],
  monthlyPriceCents: 500,
  yearlyPriceCents: 5000,
  trialDays: 0,
  setupFeeCents: 0,
  full: false,
  ...overrides,
});
const membership = (tiers: StorefrontMembershipTier[]) => storefrontProductDetail({ id: 'prd_club', type: 'membership', priceCents: null, ctaLabel: 'Join', membershipTiers: tiers });

describe('joining a membership from its page', () => {
  it('lists the tiers with their prices, trial, setup fee and benefits, and marks a full one', async () => {
    const tiers = [
      tier({ id: 'mtr_1', name: 'Supporter', benefits: ['Monthly zine'], trialDays: 7, courses: ['Watercolour basics'] }),
      tier({ id: 'mtr_2', name: 'Patron', monthlyPriceCents: 2000, yearlyPriceCents: null, setupFeeCents: 1000, description: 'Everything, and a call.' }),
      tier({ id: 'mtr_3', name: 'Founders', full: true }),
    ];
    render(<JoinMembership storeId="store_1" product={membership(tiers)} />);
    const supporter = screen.getByRole('radio', { name: /Supporter/ });
    expect(supporter).toBeChecked();
    expect(supporter.closest('label')).toHaveTextContent('Supporter$5/month7-day free trialCourse: Watercolour basicsMonthly zine');
    expect(screen.getByRole('radio', { name: /Patron/ }).closest('label')).toHaveTextContent('Patron$20/month$10 setup feeEverything, and a call.');
    expect(screen.getByRole('radio', { name: /Founders/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Founders/ }).closest('label')).toHaveTextContent('Full');

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(supporter.closest('label')).toHaveTextContent('$50/year');
    expect(screen.getByRole('radio', { name: /Patron/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Patron/ }).closest('label')).toHaveTextContent('Not offered yearly');
  });

  it('checks the form, then starts the checkout and goes to the page it answers', async () => {
    const submit = vi.fn(async (_input: StartMembershipInput) => ({ checkoutUrl: '/api/memberships/test-checkout/mck_1' }));
    const goTo = vi.fn();
    render(<JoinMembership storeId="store_1" product={membership([tier({}), tier({ id: 'mtr_2', name: 'Patron', monthlyPriceCents: 2000 })])} submit={submit} goTo={goTo} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Patron/ }));
    await user.click(screen.getByRole('button', { name: 'Join Patron' }));
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Email me about new products' }));
    await user.click(screen.getByRole('button', { name: 'Join Patron' }));
    expect(goTo).toHaveBeenCalledWith('/api/memberships/test-checkout/mck_1');
    expect(submit.mock.calls[0]![0]).toEqual({ storeId: 'store_1', tierId: 'mtr_2', interval: 'monthly', email: 'ana@example.com', name: 'Ana', marketingConsent: true, idempotencyKey: expect.any(String) });
  });

  it('shows the server’s refusal and sends the same key when retried unchanged', async () => {
    const submit = vi.fn(async (_input: StartMembershipInput): Promise<{ checkoutUrl: string }> => {
      throw new JoinRequestError('This tier is full', { email: 'Enter a valid email address.' });
    });
    render(<JoinMembership storeId="store_1" product={membership([tier({})])} submit={submit} goTo={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Join Supporter' }));
    expect(await within(screen.getByRole('alert')).findByText('This tier is full')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Supporter' }));
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls[1]![0].idempotencyKey).toBe(submit.mock.calls[0]![0].idempotencyKey);
  });

  it('says when every tier is full', () => {
    render(<JoinMembership storeId="store_1" product={membership([tier({ full: true })])} />);
    expect(screen.getByRole('button', { name: 'Every tier is full' })).toBeDisabled();
  });

  it('posts to the public function with the browser’s time zone and reads its refusal', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ error: { message: 'This tier is full', details: { fieldErrors: { tierId: ['x'] } } } }), { status: 400 }));
    const input = { storeId: 'store_1', tierId: 'mtr_1', interval: 'monthly' as const, email: 'a@b.co', name: 'A', idempotencyKey: 'key-12345' };
    await expect(startMembershipRequest(input, fetchImpl)).rejects.toThrow('This tier is full');
    expect(fetchImpl).toHaveBeenCalledWith('/fn/startMembershipCheckout', expect.objectContaining({ method: 'POST', credentials: 'omit' }));
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(timeZone).toMatch(/^\w/);
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ data: { ...input, timeZone } });
    const ok = vi.fn(async () => new Response(JSON.stringify({ result: { checkoutId: 'mck_1', checkoutUrl: '/pay' } }), { status: 200 }));
    await expect(startMembershipRequest(input, ok)).resolves.toEqual({ checkoutId: 'mck_1', checkoutUrl: '/pay' });
  });
});
