import { type Store, type StoreDraft, storefrontUrl } from '@shopfront/core';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { cn } from '#src/components/ui/cn.ts';
import { toast } from '#src/lib/toast.ts';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useStoreHost } from '#src/lib/use-store-host.ts';
import { useDiscardDraft, usePublishDraft, useStoreDraft } from '../api/draft-api.ts';
import { useDraftEditor } from '../hooks/use-draft-editor.ts';
import { BuilderActions } from './builder-actions.tsx';
import { BuilderTabs, panelId, tabId, type BuilderTab } from './builder-tabs.tsx';
import { ColorsSection } from './colors-section.tsx';
import { LinkBlocksSection } from './link-blocks-section.tsx';
import { PreviewPane, type StorePreview } from './preview-pane.tsx';
import { ProductsSection, type ProductLayoutField } from './products-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SaveStatus } from './save-status.tsx';
import { SocialLinksSection } from './social-links-section.tsx';
import { ThemeSection } from './theme-section.tsx';

interface BuilderEditorProps {
  store: Store;
  initial: StoreDraft;
  productsPath: string;
  preview: StorePreview;
  productLayoutField: ProductLayoutField;
}

/** The two panes (form, live preview) with autosave, publish and discard. */
export function BuilderEditor({ store, initial, productsPath, preview, productLayoutField }: BuilderEditorProps) {
  const editor = useDraftEditor(store.id, initial.profile);
  const { form, saver, saveState, hasInvalid } = editor;
  const hasDraft = useStoreDraft(store.id).data?.hasDraft ?? initial.hasDraft;
  const publish = usePublishDraft(store.id);
  const discard = useDiscardDraft(store.id);
  const host = useStoreHost();
  const [tab, setTab] = useState<BuilderTab>('edit');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [published, setPublished] = useState(false);

  const unsaved = saveState.status === 'pending' || saveState.status === 'saving';
  const somethingToPublish = hasDraft || unsaved;

  const onPublish = async () => {
    const state = await saver.flush();
    if (state.status === 'error') return toast.error(`Your latest changes are not saved, so nothing was published. ${errorMessage(state.error)}`);
    publish.mutate(undefined, {
      onSuccess: () => {
        setPublished(true);
        toast.success(`Published! Your store is live at ${host}/${store.slug}`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const onDiscard = async () => {
    saver.cancel();
    await saver.flush();
    discard.mutate(undefined, {
      onSuccess: (fresh) => {
        editor.replaceWith(fresh.profile);
        setConfirmDiscard(false);
        setPublished(false);
        toast.success('Draft discarded. You are back to the published store.');
      },
    });
  };

  return (
    <FormProvider {...form}>
      <div className="space-y-4">
        <div className="flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="min-w-0 space-y-0.5">
            <p className="truncate text-sm font-semibold text-slate-900">
              {hasDraft ? 'Draft' : 'Published'} · <span className="font-normal text-slate-500">{host}/{store.slug}</span>
            </p>
            <SaveStatus state={saveState} hasInvalid={hasInvalid} onRetry={() => saver.retry()} onShowInvalid={() => void form.trigger(undefined, { shouldFocus: true })} />
          </div>
          <BuilderActions
            slug={store.slug}
            canPublish={somethingToPublish && !hasInvalid}
            publishing={publish.isPending}
            canDiscard={somethingToPublish}
            onPublish={() => void onPublish()}
            onDiscard={() => setConfirmDiscard(true)}
          />
        </div>

        {published && !hasDraft ? (
          <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-200">
            <span className="font-medium">Your changes are live.</span>
            <a href={storefrontUrl(store, { origin: '' })} target="_blank" rel="noreferrer" className="font-semibold underline underline-offset-2">
              View {host}/{store.slug}
            </a>
          </div>
        ) : null}

        <BuilderTabs tab={tab} onChange={setTab} />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,24rem)] xl:grid-cols-[minmax(0,1fr)_26rem]">
          <form
            id={panelId('edit')}
            role="tabpanel"
            aria-labelledby={tabId('edit')}
            noValidate
            onSubmit={(event) => event.preventDefault()}
            className={cn('min-w-0 space-y-5', tab === 'edit' ? 'block' : 'hidden lg:block')}
          >
            <ProfileSection storeId={store.id} />
            <SocialLinksSection />
            <LinkBlocksSection />
            <ProductsSection productsPath={productsPath} productLayoutField={productLayoutField} />
            <ThemeSection />
            <ColorsSection />
          </form>
          <div
            id={panelId('preview')}
            role="tabpanel"
            aria-labelledby={tabId('preview')}
            className={cn('h-[75dvh] lg:sticky lg:top-20 lg:h-[calc(100dvh-6.5rem)]', tab === 'preview' ? 'block' : 'hidden lg:block')}
          >
            <PreviewPane control={form.control} store={store} hasDraft={somethingToPublish} connection={editor.connection} preview={preview} />
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={confirmDiscard}
        title="Discard your draft?"
        description="Your unpublished changes will be thrown away and the builder goes back to what visitors see now."
        confirmLabel="Discard draft"
        pendingLabel="Discarding…"
        pending={discard.isPending}
        error={discard.isError ? errorMessage(discard.error) : null}
        onConfirm={() => void onDiscard()}
        onClose={() => {
          setConfirmDiscard(false);
          discard.reset();
        }}
      />
    </FormProvider>
  );
}
