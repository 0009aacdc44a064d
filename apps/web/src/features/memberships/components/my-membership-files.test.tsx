import type { MyMembershipFile } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testMyMembership } from '../lib/my-membership-data.ts';
import { MyMembershipsSection } from './my-memberships-section.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const file = (overrides: Partial<MyMembershipFile> = {}): MyMembershipFile => ({
  id: 'file_1',
  name: 'Patterns.pdf',
  sizeBytes: 2048,
  downloadsLeft: null,
  url: 'https://shop.test/api/downloads/file/signed-1',
  ...overrides,
});
const render = () => renderForCreator(<MyMembershipsSection storeId="store_1" storeHref="/cozy-mugs" />);

describe('the files of the member’s tier', { timeout: 20_000 }, () => {
  it('links each file while access lasts, with what is left of the download limit', async () => {
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [testMyMembership()] }),
      listMyMembershipFiles: () => ({
        memberships: [{ membershipId: 'mbr_1', access: 'open', files: [file(), file({ id: 'file_2', name: 'Brushes.zip', downloadsLeft: 0, url: null })] }],
      }),
    });
    render();
    const files = await within(await screen.findByRole('article', { name: 'Supporter' })).findByRole('region', { name: 'Files' });
    expect(within(files).getByRole('link', { name: 'Download Patterns.pdf' })).toHaveAttribute('href', 'https://shop.test/api/downloads/file/signed-1');
    expect(within(files).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(files).queryByRole('link', { name: 'Download Brushes.zip' })).not.toBeInTheDocument();
    expect(within(files).getByText('Download limit reached')).toBeInTheDocument();
  });

  it('lists the files locked once access ended, with no links, and says to renew', async () => {
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [testMyMembership({ status: 'ended', accessUntil: null, nextCharge: null })] }),
      listMyMembershipFiles: () => ({ memberships: [{ membershipId: 'mbr_1', access: 'renew', files: [file({ url: null })] }] }),
    });
    render();
    const files = await within(await screen.findByRole('article', { name: 'Supporter' })).findByRole('region', { name: 'Files' });
    expect(within(files).getByText(/Locked: renew your membership/)).toBeInTheDocument();
    expect(within(files).getByText('Patterns.pdf')).toBeInTheDocument();
    expect(within(files).queryByRole('link')).not.toBeInTheDocument();
  });
});
