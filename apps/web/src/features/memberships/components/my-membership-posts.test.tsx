import { AppError, type MyMembershipPost } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testMyMembership } from '../lib/my-membership-data.ts';
import { MyMembershipPosts, NO_POSTS_TEXT } from './my-membership-posts.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

function testPost(overrides: Partial<MyMembershipPost> = {}): MyMembershipPost {
  return {
    id: 'mpost_1',
    title: 'Studio diary',
    publishedAt: '2030-02-03T10:00:00.000Z',
    productId: 'prd_club',
    productTitle: 'Studio Club',
    productSlug: 'studio-club',
    membershipId: 'mbr_1',
    access: 'open',
    upgradeTo: null,
    ...overrides,
  };
}
const render = () => renderForCreator(<MyMembershipPosts storeId="store_1" storeHref="/cozy-mugs" />);
const item = async (title: string) => screen.findByRole('listitem', { name: new RegExp(title) });

describe('members-only posts in the members area', { timeout: 20_000 }, () => {
  it('opens a post the member’s tier reads, fetching its text on demand', async () => {
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [testMyMembership()] }),
      listMyMembershipPosts: () => ({ posts: [testPost()] }),
      getMyMembershipPost: () => ({
        post: {
          ...testPost(),
          bodyHtml: '<p>This week in the studio</p><img src="/files/store_1/image-aaaaaaaaaaaaaaaaaaaaaaaa.webp" alt="The new print">',
          files: [{ id: 'file_1', name: 'patterns.pdf', sizeBytes: 2048, url: 'https://shop.example/api/downloads/file/signed' }],
        },
      }),
    });
    render();
    const post = await item('Studio diary');
    expect(post).toHaveTextContent('Feb 3, 2030');
    expect(callsOf(call, 'getMyMembershipPost')).toEqual([]);
    const read = within(post).getByRole('button', { name: 'Read' });
    expect(read).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(read);
    expect(await within(post).findByText('This week in the studio')).toBeInTheDocument();
    expect(within(post).getByRole('img', { name: 'The new print' })).toHaveAttribute('src', '/files/store_1/image-aaaaaaaaaaaaaaaaaaaaaaaa.webp');
    const files = within(post).getByRole('list', { name: 'Post files' });
    expect(within(files).getByRole('link', { name: 'Download patterns.pdf' })).toHaveAttribute('href', 'https://shop.example/api/downloads/file/signed');
    expect(files).toHaveTextContent('2.0 KB');
    expect(within(post).getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    expect(callsOf(call, 'getMyMembershipPost')).toEqual([{ storeId: 'store_1', postId: 'mpost_1' }]);
  });

  it('shows another tier’s post locked, with the tier to upgrade to opening the change-tier dialog', async () => {
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [testMyMembership({ otherTiers: [{ id: 'mtr_2', name: 'Patron', priceCents: 2000, full: false }] })] }),
      listMyMembershipPosts: () => ({ posts: [testPost({ title: 'Patrons only', access: 'upgrade', upgradeTo: { id: 'mtr_2', name: 'Patron' } }), testPost({ id: 'mpost_2', title: 'Old tier', access: 'upgrade' })] }),
    });
    render();
    const locked = await item('Patrons only');
    expect(within(locked).queryByRole('button', { name: 'Read' })).not.toBeInTheDocument();
    expect(await item('Old tier')).toHaveTextContent('This post is for members of another tier.');
    await userEvent.setup().click(within(locked).getByRole('button', { name: 'Upgrade to Patron to read' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change tier' });
    expect(within(dialog).getByRole('radio', { name: /Patron/ })).toBeInTheDocument();
  });

  it('after access ends links to the membership’s page to renew; a paused one says to resume', async () => {
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [testMyMembership({ status: 'ended', accessUntil: null })] }),
      listMyMembershipPosts: () => ({ posts: [testPost({ access: 'renew' }), testPost({ id: 'mpost_2', title: 'Paused news', access: 'resume' })] }),
    });
    render();
    const ended = await item('Studio diary');
    expect(within(ended).getByText('Your access has ended.')).toBeInTheDocument();
    expect(within(ended).getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/cozy-mugs/p/studio-club');
    expect(await item('Paused news')).toHaveTextContent('Your membership is paused: resume it above to read.');
  });

  it('says when there are none, and retries after an error', async () => {
    let fail = true;
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [] }),
      listMyMembershipPosts: () => {
        if (fail) throw new AppError('unavailable', 'The server is busy.');
        return { posts: [] };
      },
    });
    render();
    expect(await screen.findByText('The server is busy.', { exact: false })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NO_POSTS_TEXT)).toBeInTheDocument();
  });
});
