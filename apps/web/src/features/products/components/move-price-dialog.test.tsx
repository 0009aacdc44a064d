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

const product = testProduct({ id: 'prd_club', type: 'membership', status: 'published', priceCents: 0, ctaLabel: 'Join' });
const tier = (overrides: Partial<MembershipTier> = {}) => testMembershipTier({ productId: product.id, monthlyPriceCents: 700, memberCount: 4, ...overrides });

describe('moving a tier’s members to its current price', { timeout: 20_000 }, () => {
  it('says what members are told before moving them, shows a refusal, then says how many move and from when', async () => {
    let refuse = true;
    answerFunctions(call, {
      listMembershipTiers: () => ({ tiers: [tier()], currency: 'USD' }),
      moveTierMembersToCurrentPrice: () => {
        if (refuse) throw new AppError('failed-precondition', MEMBERSHIP_MESSAGES.tierArchived);
        return { scheduled: 3, alreadyScheduled: 0, stripeMembers: 1, noticeEndsAt: '2030-04-20T10:00:00.000Z' };
      },
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Move members of Supporter to the current price' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move members of “Supporter” to $7/month?' });
    expect(dialog).toHaveTextContent('Each keeps their price until their first renewal at least 30 days from today');
    await user.click(within(dialog).getByRole('button', { name: 'Move members' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.tierArchived)).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Move members' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'moveTierMembersToCurrentPrice').at(-1)).toEqual({ storeId: product.storeId, tierId: 'mtr_1' });
    expect(await screen.findByText('3 members move to the new price from their first renewal after Apr 20, 2030. 3 members emailed. 1 member billed on Stripe.')).toBeInTheDocument();
  });

  it('is not offered on a tier without members', async () => {
    answerFunctions(call, { listMembershipTiers: () => ({ tiers: [tier({ memberCount: 0 })], currency: 'USD' }) });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    await within(card).findByRole('button', { name: 'Edit Supporter' });
    expect(within(card).queryByRole('button', { name: /^Move members/ })).not.toBeInTheDocument();
  });
});
