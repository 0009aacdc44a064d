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

const file = (id: string, name: string) => ({ id, name, sizeBytes: 1200, contentType: 'application/pdf', createdAt: '2030-01-01T00:00:00.000Z' });
const files = [file('file_1', 'Patterns.pdf'), file('file_2', 'Brushes.zip')];
const product = testProduct({ id: 'prd_club', type: 'membership', status: 'draft', priceCents: 0, ctaLabel: 'Join', files });
const tier = (overrides: Partial<MembershipTier> = {}) => testMembershipTier({ productId: product.id, ...overrides });

describe('the files a membership tier includes', { timeout: 20_000 }, () => {
  it('chooses from the membership’s own files, shows a refusal in the dialog, and lists them on the tier', async () => {
    let current = tier();
    let refuse = true;
    answerFunctions(call, {
      listMembershipTiers: () => ({ tiers: [current], currency: 'USD' }),
      setMembershipTierFiles: (data: { files: string[] }) => {
        if (refuse) throw new AppError('not-found', MEMBERSHIP_MESSAGES.tierFileNotFound);
        current = tier({ files: data.files.map((id) => ({ id, name: files.find((one) => one.id === id)!.name })) });
        return current;
      },
    });
    renderForCreator(<TiersCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Files in Supporter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Files in “Supporter”' });
    const group = within(dialog).getByRole('group', { name: 'Files' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(group).getByRole('checkbox', { name: 'Brushes.zip' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Patterns.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save files' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.tierFileNotFound)).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save files' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'setMembershipTierFiles').at(-1)).toEqual({ storeId: product.storeId, tierId: 'mtr_1', files: ['file_2', 'file_1'] });
    expect(await within(card).findByText('Files: Brushes.zip, Patterns.pdf')).toBeInTheDocument();
  });

  it('says to upload files first when the membership has none', async () => {
    answerFunctions(call, { listMembershipTiers: () => ({ tiers: [tier()], currency: 'USD' }) });
    renderForCreator(<TiersCard product={{ ...product, files: [] }} />);
    const card = await screen.findByRole('region', { name: 'Tiers' });
    await userEvent.setup().click(await within(card).findByRole('button', { name: 'Files in Supporter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Files in “Supporter”' });
    expect(within(dialog).getByText(/This membership has no files yet/)).toBeInTheDocument();
  });
});
