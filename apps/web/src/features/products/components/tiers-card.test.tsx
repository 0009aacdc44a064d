import { AppError, MEMBERSHIP_MESSAGES, type MembershipTier } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { testMembershipTier } from '../lib/tier-data.ts';
import { TiersCard } from './tiers-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const product = testProduct({ id: 'prd_club', type: 'membership', status: 'draft', priceCents: 0, ctaLabel: 'Join' });

const tier = (overrides: Partial<MembershipTier> = {}) => testMembershipTier({ productId: product.id, ...overrides });

describe('the membership tiers card', { timeout: 20_000 }, () => {
  it('starts empty, adds a tier from the dialog in cents, and lists it', async () => {
    const tiers: MembershipTier[] = [];
    answerFunctions(call, {
      listMembershipTiers: () => ({ tiers: [...tiers], currency: 'USD' }),
      createMembershipTier: (data: { name: string }) => {
        const created = tier({ id: 'mtr_new', name: data.name, monthlyPriceCents: 900, yearlyPriceCents: 9000, trialDays: 7, pausable: true, maxPauseDays: 30 });
        tiers.push(created);
        return created;
      },
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    expect(await within(card).findByText(/No tiers yet/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Add tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tier' });
    await user.type(within(dialog).getByLabelText('Name'), 'Patron');
    await user.type(within(dialog).getByLabelText('Benefits'), 'Monthly zine{Enter}{Enter}Discord');
    await user.type(within(dialog).getByLabelText('Monthly price (USD)'), '9');
    await user.type(within(dialog).getByLabelText('Yearly price (USD)'), '90');
    await user.type(within(dialog).getByLabelText('Free trial (days)'), '7');
    const pause = within(dialog).getByRole('switch', { name: 'Members can pause' });
    expect(pause).toHaveAttribute('aria-checked', 'false');
    expect(within(dialog).queryByLabelText('Longest pause (days)')).not.toBeInTheDocument();
    await user.click(pause);
    expect(pause).toHaveAttribute('aria-checked', 'true');
    // The creator's own longest pause: checked against the contract before sending.
    await user.type(within(dialog).getByLabelText('Longest pause (days)'), '91');
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.maxPauseDays)).toBeInTheDocument();
    expect(callsOf(call, 'createMembershipTier')).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Longest pause (days)'));
    await user.type(within(dialog).getByLabelText('Longest pause (days)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'createMembershipTier')).toEqual([
      { storeId: product.storeId, productId: product.id, name: 'Patron', description: '', benefits: ['Monthly zine', 'Discord'], monthlyPriceCents: 900, yearlyPriceCents: 9000, trialDays: 7, setupFeeCents: 0, memberLimit: null, pausable: true, maxPauseDays: 30 },
    ]);
    expect(await within(card).findByText('Patron')).toBeInTheDocument();
    expect(within(card).getByText('$9/month · $90/year')).toBeInTheDocument();
    expect(within(card).getByText('7-day free trial · Pauses up to 30 days · 0 members')).toBeInTheDocument();
  });

  it('checks the tier against the contract before sending, and shows the server’s refusal', async () => {
    answerFunctions(call, {
      listMembershipTiers: () => ({ tiers: [tier({ memberCount: 3, memberLimit: 5 })], currency: 'USD' }),
      updateMembershipTier: () => {
        throw new AppError('failed-precondition', MEMBERSHIP_MESSAGES.memberLimitBelowMembers);
      },
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    expect(await within(card).findByText('$5/month')).toBeInTheDocument();
    expect(within(card).getByText('3 members of 5')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Edit Supporter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Supporter”' });
    expect(within(dialog).getByText(/The 3 members already here keep the price they joined at/)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Monthly price (USD)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save tier' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.tierNeedsPrice)).toBeInTheDocument();
    expect(callsOf(call, 'updateMembershipTier')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Monthly price (USD)'), '6');
    await user.clear(within(dialog).getByLabelText('Member limit'));
    await user.type(within(dialog).getByLabelText('Member limit'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save tier' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.memberLimitBelowMembers)).toBeInTheDocument();
    expect(callsOf(call, 'updateMembershipTier')).toHaveLength(1);
  });

  it('archives a tier only after confirming, and lists it under Archived', async () => {
    let archived = false;
    answerFunctions(call, {
      listMembershipTiers: () => ({ tiers: [tier({ archivedAt: archived ? '2030-02-01T00:00:00.000Z' : null })], currency: 'USD' }),
      archiveMembershipTier: () => {
        archived = true;
        return tier({ archivedAt: '2030-02-01T00:00:00.000Z' });
      },
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Archive Supporter' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Archive “Supporter”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'archiveMembershipTier')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Archive Supporter' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Archive tier' }));
    expect(await within(card).findByRole('list', { name: 'Archived tiers' })).toHaveTextContent('Supporter');
    expect(callsOf(call, 'archiveMembershipTier')).toEqual([{ storeId: product.storeId, tierId: 'mtr_1' }]);
  });

  it('says when the tiers cannot load, and tries again', async () => {
    let fail = true;
    answerFunctions(call, {
      listMembershipTiers: () => {
        if (fail) throw new AppError('unavailable', 'The service is unavailable');
        return { tiers: [tier()], currency: 'USD' };
      },
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    expect(await within(card).findByText('The service is unavailable', { exact: false })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Supporter')).toBeInTheDocument();
  });

  it('chooses the courses a tier includes from the store’s courses, and shows a refusal in the dialog', async () => {
    let current = tier();
    const courses = [
      testProduct({ id: 'prd_c1', storeId: product.storeId, type: 'course', title: 'Watercolour basics', status: 'published' }),
      testProduct({ id: 'prd_c2', storeId: product.storeId, type: 'course', title: 'Ink masterclass', status: 'draft' }),
      testProduct({ id: 'prd_d1', storeId: product.storeId, type: 'digital', title: 'Brush pack', status: 'published' }),
    ];
    let refuse = true;
    answerFunctions(call, {
      listMembershipTiers: () => ({ tiers: [current], currency: 'USD' }),
      listProducts: () => ({ products: courses, currency: 'USD' }),
      setMembershipTierCourses: (data: { courses: string[] }) => {
        if (refuse) throw new AppError('not-found', MEMBERSHIP_MESSAGES.tierCourseNotFound);
        current = tier({ courses: data.courses.map((id) => ({ id, title: courses.find((course) => course.id === id)!.title })) });
        return current;
      },
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Courses in Supporter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Courses in “Supporter”' });
    const group = await within(dialog).findByRole('group', { name: 'Courses' });
    // Only courses are offered, drafts marked.
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(group).queryByText('Brush pack')).not.toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: /Ink masterclass/ }));
    await user.click(within(group).getByRole('checkbox', { name: /Watercolour basics/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save courses' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.tierCourseNotFound)).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save courses' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'setMembershipTierCourses').at(-1)).toEqual({ storeId: product.storeId, tierId: 'mtr_1', courses: ['prd_c2', 'prd_c1'] });
    expect(await within(card).findByText('Includes Ink masterclass, Watercolour basics')).toBeInTheDocument();
  });

  it('says when the store has no courses to include', async () => {
    answerFunctions(call, {
      listMembershipTiers: () => ({ tiers: [tier()], currency: 'USD' }),
      listProducts: () => ({ products: [], currency: 'USD' }),
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    await userEvent.setup().click(await within(card).findByRole('button', { name: 'Courses in Supporter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Courses in “Supporter”' });
    expect(await within(dialog).findByText(/This store has no courses yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save courses' })).toBeEnabled();
  });
});
