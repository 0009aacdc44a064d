import type { Store, WebsitePageSummary } from '@shopfront/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDeletePage, useDiscardDraft, useDuplicatePage, usePublishPage, useReorderPages, useUnpublishPage, useWebsitePages } from '../api/website-pages-api.ts';
import { CreatePageDialog } from './create-page-dialog.tsx';
import { PageSettingsDialog } from './page-settings-dialog.tsx';
import { moveButtonId, PageRow, type PageAction } from './page-row.tsx';
import { VersionsDialog } from './versions-dialog.tsx';

export const EMPTY_PAGES_TEXT = 'Your website has no pages yet.';

interface PagesPanelProps {
  /** The editor's address for a page. */
  editorPath: (pageSlug: string) => string;
}

/** /dashboard/website-builder: the active store's website pages in navigation order. */
export function WebsitePagesPanel({ editorPath }: PagesPanelProps) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its website pages will appear here.</p>;
  return <PagesList key={store.id} store={store} editorPath={editorPath} />;
}

type Dialog = { kind: 'create' } | { kind: 'settings' | 'versions' | 'delete' | 'discard' | 'unpublish'; page: WebsitePageSummary } | null;

function PagesList({ store, editorPath }: { store: Store; editorPath: (pageSlug: string) => string }) {
  const navigate = useNavigate();
  const pages = useWebsitePages(store.id);
  const reorder = useReorderPages(store.id);
  const publish = usePublishPage(store.id);
  const duplicate = useDuplicatePage(store.id);
  const discard = useDiscardDraft(store.id);
  const unpublish = useUnpublishPage(store.id);
  const remove = useDeletePage(store.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  // Focus follows the page that moved, once the list has re-rendered in its new order.
  const focusTarget = useRef<{ pageId: string; index: number; elementId: string } | null>(null);
  useEffect(() => {
    const target = focusTarget.current;
    if (!target || pages.data?.pages[target.index]?.id !== target.pageId) return;
    document.getElementById(target.elementId)?.focus();
    focusTarget.current = null;
  });

  if (pages.isPending) return <Spinner label="Loading pages" />;
  if (pages.isError) return <LoadError title="Pages could not load" error={pages.error} onRetry={() => void pages.refetch()} />;
  const list = pages.data.pages;
  const busy = publish.isPending || duplicate.isPending;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setActionError(null);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      setActionError(errorMessage(error));
    }
  };

  const move = (index: number, step: -1 | 1) => {
    const page = list[index];
    const target = index + step;
    if (!page || target < 0 || target >= list.length) return;
    const ids = list.map((p) => p.id);
    ids.splice(index, 1);
    ids.splice(target, 0, page.id);
    const atEdge = target === 0 || target === list.length - 1;
    focusTarget.current = { pageId: page.id, index: target, elementId: moveButtonId(page.id, atEdge ? (target === 0 ? 'down' : 'up') : step === -1 ? 'up' : 'down') };
    setActionError(null);
    setAnnouncement(`“${page.title}” moved to position ${target + 1} of ${list.length}.`);
    reorder.mutate(ids, {
      onError: (error) => {
        setAnnouncement(`“${page.title}” could not be moved.`);
        setActionError(errorMessage(error));
      },
    });
  };

  const onAction = (page: WebsitePageSummary, action: PageAction) => {
    if (action === 'publish') return void run(() => publish.mutateAsync(page.id), `“${page.title}” is live.`);
    if (action === 'duplicate') return void run(() => duplicate.mutateAsync(page.id), `“${page.title}” duplicated.`);
    setDialog({ kind: action, page });
  };

  const closeDialog = () => {
    remove.reset();
    discard.reset();
    unpublish.reset();
    setDialog(null);
  };
  const confirmDelete = async (page: WebsitePageSummary) => {
    try {
      await remove.mutateAsync(page.id);
      setDialog(null);
      setAnnouncement(`“${page.title}” deleted.`);
      toast.success(`“${page.title}” deleted.`);
    } catch {
      // The dialog shows the server's message.
    }
  };
  const confirmUnpublish = async (page: WebsitePageSummary) => {
    try {
      await unpublish.mutateAsync(page.id);
      setDialog(null);
      setAnnouncement(`“${page.title}” unpublished.`);
      toast.success(`“${page.title}” is no longer on your site.`);
    } catch {
      // The dialog shows the server's message.
    }
  };
  const confirmDiscard = async (page: WebsitePageSummary) => {
    try {
      await discard.mutateAsync(page.id);
      setDialog(null);
      toast.success(`The draft of “${page.title}” was discarded.`);
    } catch {
      // The dialog shows the server's message.
    }
  };

  return (
    <section aria-labelledby="website-pages-title" className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="website-pages-title" className="text-lg font-semibold text-slate-900">
            Pages
          </h2>
          <p className="text-sm text-slate-600">In the order your site’s navigation shows them.</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })}>New page</Button>
      </div>
      {actionError ? <Alert>{actionError}</Alert> : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {list.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">{EMPTY_PAGES_TEXT}</p>
      ) : (
        <ol aria-label="Website pages in navigation order" className="space-y-3" aria-busy={pages.isFetching}>
          {list.map((page, index) => (
            <PageRow
              key={page.id}
              page={page}
              index={index}
              count={list.length}
              storeSlug={store.slug}
              editorHref={editorPath(page.slug)}
              busy={busy}
              onMove={(step) => move(index, step)}
              onAction={(action) => onAction(page, action)}
            />
          ))}
        </ol>
      )}
      <CreatePageDialog
        storeId={store.id}
        open={dialog?.kind === 'create'}
        onClose={() => setDialog(null)}
        onCreated={(page) => {
          setDialog(null);
          toast.success(`“${page.title}” created.`);
          void navigate(editorPath(page.slug));
        }}
      />
      <PageSettingsDialog storeId={store.id} page={dialog?.kind === 'settings' ? dialog.page : null} onClose={() => setDialog(null)} />
      <VersionsDialog storeId={store.id} page={dialog?.kind === 'versions' ? dialog.page : null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete “${dialog.page.title}”?` : 'Delete page?'}
        description="The page and its published versions are deleted. Visitors get a “not found” page at its address."
        confirmLabel="Delete page"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.page)}
        onClose={closeDialog}
      />
      <ConfirmDialog
        open={dialog?.kind === 'unpublish'}
        title={dialog?.kind === 'unpublish' ? `Unpublish “${dialog.page.title}”?` : 'Unpublish page?'}
        description={unpublishText(dialog?.kind === 'unpublish' ? dialog.page : null)}
        confirmLabel="Unpublish page"
        pendingLabel="Unpublishing…"
        pending={unpublish.isPending}
        error={unpublish.isError ? errorMessage(unpublish.error) : null}
        onConfirm={() => dialog?.kind === 'unpublish' && void confirmUnpublish(dialog.page)}
        onClose={closeDialog}
      />
      <ConfirmDialog
        open={dialog?.kind === 'discard'}
        title={dialog?.kind === 'discard' ? `Discard the draft of “${dialog.page.title}”?` : 'Discard draft?'}
        description="The page goes back to what is live now. Your unpublished changes are lost."
        confirmLabel="Discard draft"
        pendingLabel="Discarding…"
        pending={discard.isPending}
        error={discard.isError ? errorMessage(discard.error) : null}
        onConfirm={() => dialog?.kind === 'discard' && void confirmDiscard(dialog.page)}
        onClose={closeDialog}
      />
    </section>
  );
}

/** What unpublishing does to visitors, said before it happens. */
function unpublishText(page: WebsitePageSummary | null): string {
  const kept = 'Its content is kept as a draft, so you can publish it again.';
  if (page?.isHome) return `Visitors will no longer see this page: your site’s home address shows “not found” until you publish it again. ${kept}`;
  return `Visitors will no longer see this page, and it leaves your site’s navigation. ${kept}`;
}
