import { AppError, MESSAGES, websiteTextTooLong, type WebsitePageContent } from '@shopfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { storefrontData } from '#src/testing/storefront-data.ts';
import { BLOCK_DEFAULTS } from '../lib/block-defaults.ts';
import type { WebsiteCanvasKit } from '../lib/canvas-kit.ts';
import { ABOUT, BASE_ANSWERS, HOME, testFullPage } from '../website-builder-fixtures.ts';
import { WebsitePageEditor } from './page-editor.tsx';

const call = fakeFunctions();
// Puck itself is exercised by the e2e journey; here a stand-in edits the page the way Puck reports
// edits, renders our header actions, and applies the insert its dispatch receives as Puck's reducer
// does (the block's config defaults plus a fresh id).
const puckActions: { type: string }[] = [];
vi.mock('@puckeditor/core', async () => {
  const { createContext, useContext, useState } = await import('react');
  type Block = { type: string; props: Record<string, unknown> };
  type Api = { appState: { data: { content: Block[] } }; dispatch: (action: Record<string, unknown>) => void };
  const PuckApi = createContext<Api | null>(null);
  function Puck(props: {
    data: { content: Block[] };
    config: { components: Record<string, { defaultProps?: Record<string, unknown> }> };
    onChange: (data: unknown) => void;
    overrides?: { headerActions?: (props: { children: null }) => ReactNode };
  }) {
    const [content, setContent] = useState(props.data.content);
    const change = (next: Block[]) => {
      setContent(next);
      props.onChange({ root: { props: { title: '' } }, zones: {}, content: next });
    };
    const api: Api = {
      appState: { data: { content } },
      dispatch: (action) => {
        puckActions.push(action as { type: string });
        if (action.type !== 'insert') return;
        const type = action.componentType as string;
        const block = { type, props: { ...props.config.components[type]?.defaultProps, id: `${type}-new` } };
        change([...content.slice(0, action.destinationIndex as number), block, ...content.slice(action.destinationIndex as number)]);
      },
    };
    return (
      <PuckApi.Provider value={api}>
        <div>{props.overrides?.headerActions?.({ children: null })}</div>
        <p>Blocks on the canvas: {content.length}</p>
        <button type="button" onClick={() => change([...content, { type: 'Spacer', props: { id: `Spacer-${content.length}`, size: 'md', divider: true } }])}>
          Add a spacer
        </button>
      </PuckApi.Provider>
    );
  }
  const useGetPuck = () => {
    const api = useContext(PuckApi);
    return () => api!;
  };
  const createUsePuck = () => (selector: (state: { selectedItem: null }) => unknown) => selector({ selectedItem: null });
  return { Puck, useGetPuck, createUsePuck };
});

const KIT: WebsiteCanvasKit<object> = {
  createContext: () => ({}),
  Frame: ({ children }) => <div>{children}</div>,
  blocks: {} as WebsiteCanvasKit<object>['blocks'],
};

const spacer: WebsitePageContent = { root: { props: {} }, content: [{ type: 'Spacer', props: { id: 'Spacer-0', size: 'md', divider: true } }] };

function answer(overrides: Record<string, (data: never) => unknown> = {}) {
  answerFunctions(call, {
    ...BASE_ANSWERS,
    getWebsitePage: () => testFullPage(),
    listProducts: () => ({ products: [testProduct()], currency: 'USD' }),
    getStorefront: () => storefrontData(),
    listWebsitePages: () => ({ pages: [HOME, ABOUT] }),
    saveWebsitePageDraft: () => ({ savedAt: '2026-11-26T12:00:00.000Z' }),
    publishWebsitePage: () => ({ ...ABOUT, status: 'published' }),
    ...overrides,
  });
}

const render = () => renderForCreator(<WebsitePageEditor pageSlug="about" kit={KIT} pagesPath="/dashboard/website-builder" />, { path: '/dashboard/website-builder/page/about' });
const status = () => screen.getByTestId('save-status');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  puckActions.length = 0;
});

describe('the page editor’s autosave', () => {
  it('saves about a second after an edit, saying “Saving…” and then “Saved”', async () => {
    let finish: () => void = () => {};
    answer({ saveWebsitePageDraft: () => new Promise((resolve) => (finish = () => resolve({ savedAt: '2026-11-26T12:00:00.000Z' }))) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(status()).toHaveTextContent('Changes save automatically');

    await user.click(screen.getByRole('button', { name: 'Add a spacer' }));
    expect(status()).toHaveTextContent('Saving…');
    expect(callsOf(call, 'saveWebsitePageDraft')).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1_000));
    // Puck's zones and root props are not sent: the server stores core's page shape.
    expect(callsOf(call, 'saveWebsitePageDraft')).toEqual([{ storeId: 'store_1', pageId: 'page_about', content: spacer }]);
    expect(status()).toHaveTextContent('Saving…');
    await act(async () => finish());
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
  });

  it('shows the server’s reason when a save is refused, and saves again on Retry', async () => {
    let refuse = true;
    answer({
      saveWebsitePageDraft: () => {
        if (refuse) throw new AppError('invalid-argument', MESSAGES.website.pageTooLarge);
        return { savedAt: '2026-11-26T12:00:00.000Z' };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    await user.click(await screen.findByRole('button', { name: 'Add a spacer' }));
    await act(async () => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(status()).toHaveTextContent(`Couldn't save: ${MESSAGES.website.pageTooLarge}`));

    refuse = false;
    await user.click(within(status()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
    expect(callsOf(call, 'saveWebsitePageDraft')).toHaveLength(2);
  });

  it('names the block and the field a refusal points at, and its limit', async () => {
    const hero: WebsitePageContent = { root: { props: {} }, content: [{ type: 'Hero', props: { id: 'Hero-1', heading: 'x'.repeat(201), subheading: '', align: 'left' } }] };
    const message = websiteTextTooLong(200);
    let refuse = true;
    answer({
      getWebsitePage: () => testFullPage({ status: 'changed', draftContent: hero }),
      saveWebsitePageDraft: () => {
        if (!refuse) return { savedAt: '2026-11-26T12:00:00.000Z' };
        throw new AppError('invalid-argument', message, { formErrors: [], fieldErrors: { content: [message] }, issues: [{ path: ['content', 'content', 0, 'props', 'heading'], message }] });
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    await user.click(await screen.findByRole('button', { name: 'Add a spacer' }));
    await act(async () => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(status()).toHaveTextContent("Couldn't save: Hero › Heading: Keep this to 200 characters or fewer."));
    refuse = false;
    await user.click(within(status()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
  });

  it('saves what is waiting before publishing', async () => {
    answer();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    await user.click(await screen.findByRole('button', { name: 'Add a spacer' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsOf(call, 'publishWebsitePage')).toEqual([{ storeId: 'store_1', pageId: 'page_about' }]));
    expect(callsOf(call, 'saveWebsitePageDraft')).toHaveLength(1);
    const order = call.mock.calls.map(([name]) => name).filter((name) => name === 'saveWebsitePageDraft' || name === 'publishWebsitePage');
    expect(order).toEqual(['saveWebsitePageDraft', 'publishWebsitePage']);
  });

  it('discards the draft only after confirming, and reopens what is live', async () => {
    let discarded = false;
    answer({
      getWebsitePage: () => (discarded ? testFullPage() : testFullPage({ status: 'changed', draftContent: spacer })),
      discardWebsitePageDraft: () => {
        discarded = true;
        return ABOUT;
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    expect(await screen.findByText('Blocks on the canvas: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard the draft?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'discardWebsitePageDraft')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText('Blocks on the canvas: 0')).toBeInTheDocument();
    expect(callsOf(call, 'discardWebsitePageDraft')).toEqual([{ storeId: 'store_1', pageId: 'page_about' }]);
    expect(callsOf(call, 'saveWebsitePageDraft')).toEqual([]);
  });

  it('asks before leaving while a change is not saved yet', async () => {
    answer();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    await user.click(await screen.findByRole('button', { name: 'Add a spacer' }));
    await user.click(screen.getByRole('link', { name: /All pages/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave before your changes are saved?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /All pages/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave anyway' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    // Leaving still saves the last change.
    await waitFor(() => expect(callsOf(call, 'saveWebsitePageDraft')).toHaveLength(1));
  });

  it('says so when the page does not exist', async () => {
    answer({
      getWebsitePage: () => {
        throw new AppError('not-found', MESSAGES.website.pageNotFound);
      },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not load');
    expect(alert).toHaveTextContent(MESSAGES.website.pageNotFound);
    expect(screen.getByRole('link', { name: 'Back to all pages' })).toHaveAttribute('href', '/dashboard/website-builder');
  });
});

describe('adding a block without dragging', () => {
  it('appends the chosen block with its defaults from the keyboard, selects it and announces it', async () => {
    answer({ getWebsitePage: () => testFullPage({ status: 'changed', draftContent: spacer }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    expect(await screen.findByText('Blocks on the canvas: 1')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a block' });
    const announcement = within(form).getByRole('status');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    expect(announcement).toBeEmptyDOMElement();

    const select = within(form).getByRole('combobox', { name: 'Block to add' });
    select.focus();
    await user.selectOptions(select, 'FAQ');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Add block' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByText('Blocks on the canvas: 2')).toBeInTheDocument();
    expect(announcement).toHaveTextContent('FAQ added at the end of the page, block 2 of 2. Its fields are open for editing.');
    expect(puckActions).toEqual([
      { type: 'insert', componentType: 'Faq', destinationIndex: 1, destinationZone: 'root:default-zone', recordHistory: true },
      { type: 'setUi', ui: { itemSelector: { index: 1, zone: 'root:default-zone' } } },
    ]);
    await act(async () => vi.advanceTimersByTime(1_000));
    // Every prop core's schema names, so the new block saves as it is.
    expect(callsOf(call, 'saveWebsitePageDraft')).toEqual([
      {
        storeId: 'store_1',
        pageId: 'page_about',
        content: { root: { props: {} }, content: [spacer.content[0], { type: 'Faq', props: { ...BLOCK_DEFAULTS.Faq, id: 'Faq-new' } }] },
      },
    ]);
  });

  it('offers every block type, grouped as in Puck’s drawer', async () => {
    answer();
    render();
    const select = await screen.findByRole('combobox', { name: 'Block to add' });
    const options = within(select).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options.toSorted()).toEqual(Object.keys(BLOCK_DEFAULTS).toSorted());
    expect(within(select).getAllByRole('group').map((group) => group.getAttribute('label'))).toEqual(['Content', 'Sell', 'Layout']);
  });
});
