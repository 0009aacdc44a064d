import { Puck, type Data } from '@puckeditor/core';
import '@puckeditor/core/no-external.css';
import type { BlockType, Product, Store, StorefrontData, WebsitePage, WebsitePageContent, WebsitePageSummary } from '@shopfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useBlocker } from '#src/lib/router/app-router.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useAutosave } from '#src/lib/use-autosave.ts';
import { saveDraft, useDiscardDraft, useMarkDraftSaved, usePublishPage, WEBSITE_KEYS } from '../api/website-pages-api.ts';
import type { WebsiteCanvasKit } from '../lib/canvas-kit.ts';
import { blockFieldError } from '../lib/block-field-error.ts';
import { EditorEnvironmentContext, type EditorEnvironment } from '../lib/editor-context.ts';
import { editorContent, toPageContent } from '../lib/page-content.ts';
import { WEBSITE_PUCK_CONFIG } from '../lib/puck-config.tsx';
import { AddBlockControl } from './add-block-control.tsx';
import { EditorToolbar } from './editor-toolbar.tsx';
import { BlockFieldErrorContext, FIELD_ERROR_OVERRIDES } from './field-error.tsx';

interface PageEditorBodyProps {
  store: Store;
  page: WebsitePage;
  products: readonly Product[];
  storefront: StorefrontData;
  pages: readonly WebsitePageSummary[];
  kit: WebsiteCanvasKit<unknown>;
  pagesPath: string;
}

const AUTOSAVE_DELAY_MS = 1_000;
/**
 * Puck's own Publish button is replaced by the toolbar's, which saves first; its place in Puck's
 * header holds the keyboard way to add a block (the drawer only drags).
 */
const PUCK_OVERRIDES = { headerActions: () => <AddBlockControl />, fieldTypes: FIELD_ERROR_OVERRIDES };
const fieldsOf = (type: BlockType) => WEBSITE_PUCK_CONFIG.components[type]?.fields;

/**
 * The editor: Puck on the page's draft, saved about a second after the last change; Publish
 * saves what is waiting first; Discard drops the draft and reopens what is live.
 */
export function PageEditorBody({ store, page, products, storefront, pages, kit, pagesPath }: PageEditorBodyProps) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(() => ({ content: editorContent(page), revision: 0 }));
  // What the server holds (or is about to): Puck also calls onChange for changes that change nothing.
  const latest = useRef(JSON.stringify(opened.content));
  const markSaved = useMarkDraftSaved(store.id, page.slug);
  // What the last save sent: a refusal's `details.issues` point into it.
  const [lastSent, setLastSent] = useState<WebsitePageContent | null>(null);
  const { saver, state } = useAutosave<WebsitePageContent>(async (content) => {
    setLastSent(content);
    const { savedAt } = await saveDraft(store.id, page.id, content);
    markSaved(content, savedAt);
  }, AUTOSAVE_DELAY_MS);
  const publish = usePublishPage(store.id);
  const discard = useDiscardDraft(store.id);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const pending = state.status === 'pending' || state.status === 'saving' || state.status === 'error';
  // A refusal that names a block's field: said in the toolbar with the field's name, and beside the field.
  const fieldError = useMemo(() => (state.status === 'error' && lastSent ? blockFieldError(state.error, lastSent, fieldsOf) : null), [state, lastSent]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => saver.hasUnsaved() && currentLocation.pathname !== nextLocation.pathname);

  const environment = useMemo<EditorEnvironment>(
    () => ({ storeId: store.id, products, kit, context: kit.createContext({ storefront, pages, pageSlug: page.slug }) }),
    [store.id, products, kit, storefront, pages, page.slug],
  );

  const onChange = (data: Data) => {
    const content = toPageContent(data);
    const json = JSON.stringify(content);
    if (json === latest.current) return;
    latest.current = json;
    setActionError(null);
    saver.schedule(content);
  };

  const onPublish = async () => {
    setActionError(null);
    const saved = await saver.flush();
    if (saved.status === 'error') return setActionError(`Not published: ${errorMessage(saved.error)}`);
    try {
      await publish.mutateAsync(page.id);
      toast.success(`“${page.title}” is live.`);
    } catch (error) {
      setActionError(errorMessage(error));
    }
  };

  const onDiscard = async () => {
    saver.cancel();
    try {
      await discard.mutateAsync(page.id);
      const fresh = await queryClient.fetchQuery({
        queryKey: WEBSITE_KEYS.page(store.id, page.slug),
        queryFn: () => callFunction('getWebsitePage', { storeId: store.id, pageSlug: page.slug }),
        staleTime: 0,
      });
      const content = editorContent(fresh);
      latest.current = JSON.stringify(content);
      setOpened((previous) => ({ content, revision: previous.revision + 1 }));
      setConfirmingDiscard(false);
      toast.success('Draft discarded.');
    } catch (error) {
      setActionError(errorMessage(error));
      setConfirmingDiscard(false);
    }
  };

  const status = page.status;
  return (
    <EditorEnvironmentContext.Provider value={environment}>
      <BlockFieldErrorContext.Provider value={fieldError}>
      <div className="flex h-dvh flex-col bg-white">
        <EditorToolbar
          pageTitle={page.title}
          pageSlug={page.slug}
          storeSlug={store.slug}
          pagesPath={pagesPath}
          state={state}
          errorText={fieldError ? `${fieldError.where}: ${fieldError.message}` : undefined}
          onRetry={() => saver.retry()}
          canPublish={pending || status !== 'published'}
          publishing={publish.isPending}
          onPublish={() => void onPublish()}
          canDiscard={pending || status !== 'published'}
          onDiscard={() => setConfirmingDiscard(true)}
          error={actionError}
        />
        <div className="min-h-0 flex-1">
          <Puck
            key={opened.revision}
            config={WEBSITE_PUCK_CONFIG}
            data={opened.content as unknown as Data}
            onChange={onChange}
            overrides={PUCK_OVERRIDES}
            headerTitle={page.title}
            headerPath={`/${page.slug}`}
            height="100%"
          />
        </div>
      </div>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard the draft?"
        description={status === 'draft' ? 'This page has never been published: discarding empties it.' : 'The page goes back to what is live now. Your unpublished changes are lost.'}
        confirmLabel="Discard draft"
        pendingLabel="Discarding…"
        pending={discard.isPending}
        onConfirm={() => void onDiscard()}
        onClose={() => setConfirmingDiscard(false)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave before your changes are saved?"
        description="Your last changes have not been saved yet."
        confirmLabel="Leave anyway"
        pendingLabel="Leaving…"
        pending={false}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
      </BlockFieldErrorContext.Provider>
    </EditorEnvironmentContext.Provider>
  );
}
