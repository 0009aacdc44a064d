import { AppError, MESSAGES } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { ABOUT, BASE_ANSWERS, FAQ, HOME, testPage } from '../website-builder-fixtures.ts';
import { WebsitePagesPanel } from './pages-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const editorPath = (slug: string) => `/dashboard/website-builder/page/${slug}`;
const render = () => renderForCreator(<WebsitePagesPanel editorPath={editorPath} />, { path: '/dashboard/website-builder' });
const titles = () => within(screen.getByRole('list', { name: 'Website pages in navigation order' })).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

describe('the website pages list', () => {
  it('lists the pages in navigation order with their status and a preview of each', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, listWebsitePages: () => ({ pages: [HOME, ABOUT, FAQ] }) });
    render();
    const list = await screen.findByRole('list', { name: 'Website pages in navigation order' });
    const [home, about, faq] = within(list).getAllByRole('listitem');
    expect(within(home!).getByText('Not published')).toBeInTheDocument();
    expect(within(about!).getByText('Published')).toBeInTheDocument();
    expect(within(faq!).getByText('Unpublished changes')).toBeInTheDocument();
    expect(within(about!).getByRole('link', { name: /Preview “About”/ })).toHaveAttribute('href', '/website/cozy-mugs/about?preview=true');
    expect(within(about!).getByRole('link', { name: 'Edit “About”' })).toHaveAttribute('href', '/dashboard/website-builder/page/about');
    // The home page is never deleted.
    expect(within(home!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(about!).getByRole('button', { name: 'Delete “About”' })).toBeInTheDocument();
  });

  it('creates a page with the URL suggested from its title and opens it in the editor', async () => {
    const user = userEvent.setup();
    const created = testPage({ id: 'page_new', slug: 'about-me', title: 'About me', isHome: false, position: 1 });
    answerFunctions(call, { ...BASE_ANSWERS, listWebsitePages: () => ({ pages: [HOME] }), createWebsitePage: () => created });
    const { router } = render();
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Title'), 'About Me!');
    expect(within(dialog).getByLabelText('Page URL')).toHaveValue('about-me');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/website-builder/page/about-me'));
    expect(callsOf(call, 'createWebsitePage')).toEqual([{ storeId: 'store_1', title: 'About Me!', slug: 'about-me' }]);
  });

  it('keeps a URL the creator typed and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages: [HOME] }),
      createWebsitePage: () => {
        throw new AppError('already-exists', MESSAGES.website.slugTaken);
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Page URL'), 'story');
    await user.type(within(dialog).getByLabelText('Title'), 'Our story');
    expect(within(dialog).getByLabelText('Page URL')).toHaveValue('story');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.website.slugTaken);
  });

  it('refuses an invalid URL before sending it', async () => {
    const user = userEvent.setup();
    answerFunctions(call, { ...BASE_ANSWERS, listWebsitePages: () => ({ pages: [HOME] }) });
    render();
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.type(within(dialog).getByLabelText('Title'), 'Shop');
    await user.clear(within(dialog).getByLabelText('Page URL'));
    await user.type(within(dialog).getByLabelText('Page URL'), 'bad slug!');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    expect(await within(dialog).findByText(MESSAGES.website.slugInvalid)).toBeInTheDocument();
    expect(callsOf(call, 'createWebsitePage')).toEqual([]);
  });

  it('deletes a page only after the creator confirms', async () => {
    const user = userEvent.setup();
    let pages = [HOME, ABOUT];
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages }),
      deleteWebsitePage: () => {
        pages = [HOME];
        return { deleted: true };
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete “About”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “About”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'deleteWebsitePage')).toEqual([]);
    expect(titles()).toEqual(['Home', 'About']);

    await user.click(screen.getByRole('button', { name: 'Delete “About”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(titles()).toEqual(['Home']));
    expect(callsOf(call, 'deleteWebsitePage')).toEqual([{ storeId: 'store_1', pageId: 'page_about' }]);
  });

  it('unpublishes a live page only after the creator confirms that visitors will no longer see it', async () => {
    const user = userEvent.setup();
    let pages = [HOME, ABOUT];
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages }),
      unpublishWebsitePage: () => {
        pages = [HOME, { ...ABOUT, status: 'draft' as const, publishedAt: null }];
        return pages[1];
      },
    });
    render();
    const list = await screen.findByRole('list', { name: 'Website pages in navigation order' });
    // A page that was never published has nothing to take down.
    expect(within(within(list).getAllByRole('listitem')[0]!).queryByRole('button', { name: /Unpublish/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unpublish “About”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unpublish “About”?' });
    expect(confirm).toHaveTextContent('Visitors will no longer see this page');
    expect(confirm).toHaveTextContent('Its content is kept as a draft, so you can publish it again.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'unpublishWebsitePage')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unpublish “About”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unpublish page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'unpublishWebsitePage')).toEqual([{ storeId: 'store_1', pageId: 'page_about' }]);
    const about = within(screen.getByRole('list', { name: 'Website pages in navigation order' })).getAllByRole('listitem')[1]!;
    await waitFor(() => expect(within(about).getByText('Not published')).toBeInTheDocument());
    expect(within(about).queryByRole('button', { name: /Unpublish/ })).not.toBeInTheDocument();
    expect(screen.getByText('“About” unpublished.')).toHaveAttribute('aria-live', 'polite');
  });

  it('keeps the confirmation open with the server’s reason when unpublishing fails', async () => {
    const user = userEvent.setup();
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages: [{ ...HOME, status: 'published' as const }, ABOUT] }),
      unpublishWebsitePage: () => {
        throw new AppError('not-found', MESSAGES.website.pageNotFound);
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Unpublish “Home”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unpublish “Home”?' });
    expect(confirm).toHaveTextContent('your site’s home address shows “not found” until you publish it again');
    await user.click(within(confirm).getByRole('button', { name: 'Unpublish page' }));
    expect(await within(confirm).findByText(MESSAGES.website.pageNotFound)).toBeInTheDocument();
  });

  it('moves a page down, announces its new place and keeps focus on it', async () => {
    const user = userEvent.setup();
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages: [HOME, ABOUT, FAQ] }),
      reorderWebsitePages: ({ pageIds }: { pageIds: string[] }) => ({ pages: pageIds.map((id) => [HOME, ABOUT, FAQ].find((page) => page.id === id)) }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Move “About” down' }));
    expect(titles()).toEqual(['Home', 'FAQ', 'About']);
    expect(screen.getByText('“About” moved to position 3 of 3.')).toBeInTheDocument();
    // At the bottom the pressed button is disabled, so focus goes to its twin.
    expect(screen.getByRole('button', { name: 'Move “About” up' })).toHaveFocus();
    await waitFor(() => expect(callsOf(call, 'reorderWebsitePages')).toEqual([{ storeId: 'store_1', pageIds: ['page_home', 'page_faq', 'page_about'] }]));
  });

  it('puts the old order back and says why when the server refuses the move', async () => {
    const user = userEvent.setup();
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages: [HOME, ABOUT, FAQ] }),
      reorderWebsitePages: () => {
        throw new AppError('invalid-argument', MESSAGES.website.reorderMismatch);
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Move “FAQ” up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.website.reorderMismatch);
    expect(titles()).toEqual(['Home', 'About', 'FAQ']);
  });

  it('renames a page and sets its SEO fields; the home page keeps its URL', async () => {
    const user = userEvent.setup();
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages: [HOME, ABOUT] }),
      updateWebsitePage: ({ fields }: { fields: object }) => ({ ...HOME, ...fields }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Settings of “Home”' }));
    const dialog = await screen.findByRole('dialog', { name: '“Home” settings' });
    expect(within(dialog).getByLabelText('Page URL')).toHaveAttribute('readonly');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Welcome');
    await user.type(within(dialog).getByLabelText('SEO description'), 'Hand-thrown mugs.');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'updateWebsitePage')).toEqual([
      { storeId: 'store_1', pageId: 'page_home', fields: { title: 'Welcome', seoTitle: '', seoDescription: 'Hand-thrown mugs.', seoImageSrc: '' } },
    ]);
  });

  it('refuses an SEO description over its limit before sending it', async () => {
    const user = userEvent.setup();
    answerFunctions(call, { ...BASE_ANSWERS, listWebsitePages: () => ({ pages: [HOME, ABOUT] }) });
    render();
    await user.click(await screen.findByRole('button', { name: 'Settings of “About”' }));
    const dialog = await screen.findByRole('dialog', { name: '“About” settings' });
    await user.click(within(dialog).getByLabelText('SEO description'));
    await user.paste('x'.repeat(161));
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText(MESSAGES.website.seoDescriptionTooLong)).toBeInTheDocument();
    expect(callsOf(call, 'updateWebsitePage')).toEqual([]);
  });

  it('restores a published version into the draft after confirming', async () => {
    const user = userEvent.setup();
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => ({ pages: [HOME, ABOUT] }),
      listWebsitePageVersions: () => ({
        versions: [
          { id: 'pgv_2', version: 2, title: 'About', publishedAt: '2026-11-22T10:00:00.000Z' },
          { id: 'pgv_1', version: 1, title: 'About us', publishedAt: '2026-11-21T10:00:00.000Z' },
        ],
      }),
      restoreWebsitePageVersion: () => ({ ...ABOUT, status: 'changed' }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Versions of “About”' }));
    const versions = await screen.findByRole('list', { name: 'Published versions' });
    await user.click(within(versions).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore version 1?' });
    expect(callsOf(call, 'restoreWebsitePageVersion')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(callsOf(call, 'restoreWebsitePageVersion')).toEqual([{ storeId: 'store_1', pageId: 'page_about', versionId: 'pgv_1' }]));
    expect(await screen.findByText('Version 1 is in the draft. Publish it to make it live.')).toBeInTheDocument();
  });

  it('says when the pages cannot load, with a way to try again', async () => {
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listWebsitePages: () => {
        throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
      },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Pages could not load');
    expect(alert).toHaveTextContent('Service temporarily unavailable. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
