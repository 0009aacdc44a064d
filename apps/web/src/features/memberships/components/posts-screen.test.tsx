import { AppError, type MembershipPost } from '@shopfront/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testProduct } from '#src/testing/product-data.ts';
import { CHOOSE_TIERS_TEXT } from './post-editor.tsx';
import { EMPTY_POSTS_TEXT, PostsScreen } from './posts-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const tier = (id: string, name: string, position: number) => ({
  id,
  productId: 'prd_club',
  name,
  description: '',
  benefits: [],
  monthlyPriceCents: 900,
  yearlyPriceCents: null,
  currency: 'USD',
  trialDays: 0,
  setupFeeCents: 0,
  memberLimit: null,
  pausable: false,
  position,
  archivedAt: null,
  memberCount: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});
const TIERS = { tiers: [tier('mtr_1', 'Supporter', 0), tier('mtr_2', 'Patron', 1)], currency: 'USD' };
function testPost(overrides: Partial<MembershipPost> = {}): MembershipPost {
  return {
    id: 'mpost_1',
    productId: 'prd_club',
    title: 'Studio diary',
    status: 'draft',
    tierIds: ['mtr_2'],
    publishedAt: null,
    fileIds: [],
    emailed: null,
    createdAt: '2030-02-01T10:00:00.000Z',
    updatedAt: '2030-02-01T10:00:00.000Z',
    bodyHtml: '<p>This week in the studio</p>',
    ...overrides,
  };
}
const summary = ({ bodyHtml: _body, ...rest }: MembershipPost) => rest;
const render = () => renderForCreator(<PostsScreen storeId="store_1" productId="prd_club" />);

describe('the creator’s posts of a membership', { timeout: 20_000 }, () => {
  it('lists posts with their status and tiers', async () => {
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: [summary(testPost()), summary(testPost({ id: 'mpost_2', title: 'Hello all', status: 'published', tierIds: null, publishedAt: '2030-02-03T10:00:00.000Z' }))], showLockedTitles: true }),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Posts' });
    const [draft, published] = within(list).getAllByRole('listitem');
    expect(draft).toHaveTextContent('Studio diaryDraftFor: Patron');
    expect(published).toHaveTextContent('Hello allPublished Feb 3, 2030For: All tiers');
    expect(within(published!).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.getByText('2 posts')).toBeInTheDocument();
  });

  it('says when there are none, and retries after an error', async () => {
    let fail = true;
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => {
        if (fail) throw new AppError('unavailable', 'The server is busy.');
        return { posts: [], showLockedTitles: true };
      },
    });
    render();
    expect(await screen.findByText('The server is busy.', { exact: false })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(EMPTY_POSTS_TEXT)).toBeInTheDocument();
  });

  it('writes a draft for one tier: the title and a tier are checked before sending', async () => {
    let posts: MembershipPost[] = [];
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: posts.map(summary), showLockedTitles: true }),
      createMembershipPost: (input: { title: string; tierIds: string[] | null }) => {
        const post = testPost({ title: input.title, tierIds: input.tierIds, bodyHtml: '' });
        posts = [post];
        return { post };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New post' }));
    const form = await screen.findByRole('form', { name: 'New post' });
    expect(within(form).getByRole('textbox', { name: 'Text' })).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: 'All tiers (and tiers you add later)' }));
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(within(form).getByText('Post title is required')).toBeInTheDocument();
    expect(within(form).getByText(CHOOSE_TIERS_TEXT)).toBeInTheDocument();
    expect(callsOf(call, 'createMembershipPost')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Patrons’ preview');
    await user.click(within(form).getByRole('checkbox', { name: 'Patron' }));
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('list', { name: 'Posts' })).toHaveTextContent('Patrons’ previewDraftFor: Patron');
    expect(callsOf(call, 'createMembershipPost')).toEqual([{ storeId: 'store_1', productId: 'prd_club', title: 'Patrons’ preview', bodyHtml: '', tierIds: ['mtr_2'], fileIds: [] }]);
  });

  it('opens a post’s text in the editor and saves and publishes it', async () => {
    let post = testPost();
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: [summary(post)], showLockedTitles: true }),
      getMembershipPost: () => ({ post }),
      updateMembershipPost: (input: { title: string }) => ((post = { ...post, title: input.title }), { post }),
      publishMembershipPost: () => ((post = { ...post, status: 'published', publishedAt: '2030-02-04T10:00:00.000Z' }), { post }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Studio diary' }));
    const form = await screen.findByRole('form', { name: 'Edit Studio diary' });
    expect(await within(form).findByRole('textbox', { name: 'Text' })).toHaveTextContent('This week in the studio');
    expect(within(form).getByRole('checkbox', { name: 'Patron' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Supporter' })).not.toBeChecked();
    await user.clear(within(form).getByRole('textbox', { name: 'Title' }));
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Studio diary #2');
    await user.click(within(form).getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByRole('list', { name: 'Posts' })).toHaveTextContent('Studio diary #2Published Feb 4, 2030For: Patron');
    expect(callsOf(call, 'updateMembershipPost')).toEqual([{ storeId: 'store_1', postId: 'mpost_1', title: 'Studio diary #2', bodyHtml: '<p>This week in the studio</p>', tierIds: ['mtr_2'], fileIds: [] }]);
    expect(callsOf(call, 'publishMembershipPost')).toEqual([{ storeId: 'store_1', postId: 'mpost_1' }]);
  });

  it('publishes, unpublishes, and deletes only after a confirmation', async () => {
    let post = testPost();
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: post ? [summary(post)] : [], showLockedTitles: true }),
      publishMembershipPost: () => ((post = { ...post, status: 'published', publishedAt: '2030-02-04T10:00:00.000Z' }), { post }),
      unpublishMembershipPost: () => ((post = { ...post, status: 'draft' }), { post }),
      deleteMembershipPost: () => ((post = undefined as unknown as MembershipPost), { deletedId: 'mpost_1' }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Studio diary' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Studio diary”?' });
    expect(callsOf(call, 'deleteMembershipPost')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText(EMPTY_POSTS_TEXT)).toBeInTheDocument();
    expect(callsOf(call, 'deleteMembershipPost')).toEqual([{ storeId: 'store_1', postId: 'mpost_1' }]);
  });

  it('emails a published post after a confirmation saying how many it reaches, then says when it went', async () => {
    let post = testPost({ status: 'published', publishedAt: '2030-02-03T10:00:00.000Z' });
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: [summary(post)], showLockedTitles: true }),
      previewMembershipPostEmail: () => ({ recipients: 12 }),
      emailMembershipPost: () => ((post = { ...post, emailed: { at: '2030-02-05T10:00:00.000Z', recipients: 12 } }), { post }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Studio diary by email' }));
    // A plain confirmation (sending destroys nothing): a dialog, not the red alert dialog.
    const dialog = await screen.findByRole('dialog', { name: 'Email “Studio diary” to its members?' });
    expect(await within(dialog).findByText(/It goes to 12 members/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send to 12 members' }).className).toBe(buttonClasses('primary'));
    expect(callsOf(call, 'emailMembershipPost')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send to 12 members' }));
    expect(await screen.findByText('Emailed to 12 members on Feb 5, 2030')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Studio diary by email' })).not.toBeInTheDocument();
    expect(callsOf(call, 'emailMembershipPost')).toEqual([{ storeId: 'store_1', postId: 'mpost_1' }]);
  });

  it('shows the server’s refusal in the email dialog', async () => {
    const post = testPost({ status: 'published', publishedAt: '2030-02-03T10:00:00.000Z' });
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: [summary(post)], showLockedTitles: true }),
      previewMembershipPostEmail: () => ({ recipients: 3 }),
      emailMembershipPost: () => {
        throw new AppError('failed-precondition', 'Add your postal address in Email settings before sending.');
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Studio diary by email' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Send to 3 members' }));
    expect(await within(dialog).findByText('Add your postal address in Email settings before sending.')).toBeInTheDocument();
  });

  it('switches the titles of locked posts off the store page', async () => {
    let shown = true;
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: [], showLockedTitles: shown }),
      setMembershipPostTitlesShown: (input: { shown: boolean }) => ((shown = input.shown), { showLockedTitles: shown }),
    });
    render();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: /Show the titles of posts on your store page/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: /Show the titles/ })).not.toBeChecked());
    expect(callsOf(call, 'setMembershipPostTitlesShown')).toEqual([{ storeId: 'store_1', productId: 'prd_club', shown: false }]);
  });

  it('keeps the switch where the creator put it while it saves, and puts it back with the error when saving fails', async () => {
    let release: () => void = () => {};
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: [], showLockedTitles: true }),
      setMembershipPostTitlesShown: () =>
        new Promise((_resolve, reject) => {
          release = () => reject(new AppError('unavailable', 'The server is busy.'));
        }),
    });
    render();
    const toggle = await screen.findByRole('switch', { name: /Show the titles of posts on your store page/ });
    // Read in the same task as the click: the switch must not show the old value even for a moment
    // (a browser test's uncheck reads it right after its click).
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).not.toBeChecked();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.');
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
  });

  it('attaches the membership’s files, and checks an image before uploading it', async () => {
    const files = [
      { id: 'file_1', name: 'patterns.pdf', sizeBytes: 2048, contentType: 'application/pdf', createdAt: '2030-01-01T00:00:00.000Z' },
      { id: 'file_2', name: 'guide.pdf', sizeBytes: 4096, contentType: 'application/pdf', createdAt: '2030-01-01T00:00:00.000Z' },
    ];
    answerFunctions(call, {
      listMembershipTiers: () => TIERS,
      listMembershipPosts: () => ({ posts: [], showLockedTitles: true }),
      getProduct: () => testProduct({ id: 'prd_club', type: 'membership', files }),
      createMembershipPost: (input: { title: string; fileIds: string[] }) => ({ post: testPost({ title: input.title, fileIds: input.fileIds }) }),
    });
    render();
    // A file picker's type filter can be bypassed, so the form checks the type itself.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'New post' }));
    const form = await screen.findByRole('form', { name: 'New post' });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Patterns');
    await user.click(await within(form).findByRole('checkbox', { name: 'guide.pdf (4.0 KB)' }));

    await user.click(within(form).getByRole('button', { name: 'Image' }));
    const notImage = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText(/Image \(PNG, JPEG, WebP or GIF/), notImage);
    await user.click(within(form).getByRole('button', { name: 'Insert image' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please upload a PNG, JPEG, WebP or GIF image.');

    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsOf(call, 'createMembershipPost')).toEqual([{ storeId: 'store_1', productId: 'prd_club', title: 'Patterns', bodyHtml: '', tierIds: null, fileIds: ['file_2'] }]));
  });
});
