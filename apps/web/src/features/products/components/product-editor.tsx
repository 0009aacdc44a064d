import { DEFAULT_CTA, isDownloadType, type Product, productSlugFromTitle, type ProductType, productUrl, publishIssue, type Store } from '@shopfront/core';
import { useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useBlocker } from '#src/lib/router/app-router.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useStoreHost } from '#src/lib/use-store-host.ts';
import { useCourseOutline } from '../api/course-api.ts';
import { useMembershipTiers } from '../api/membership-tiers-api.ts';
import { useSaveProduct } from '../api/products-api.ts';
import { editorSearch } from '../lib/editor-search.ts';
import {
  changedFields,
  emptyProductForm,
  fieldOfServerMessage,
  formToFields,
  productFormResolver,
  productToForm,
  type ProductFormValues,
} from '../lib/product-form.ts';
import { TYPE_INFO } from '../lib/product-labels.ts';
import { CoverField } from './cover-field.tsx';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { BundleItemsCard } from './bundle-items-card.tsx';
import { DownloadLimitCard } from './download-limit-card.tsx';
import { OrderBumpCard } from './order-bump-card.tsx';
import { UpsellOfferCard } from './upsell-offer-card.tsx';
import { PaymentPlanCard } from './payment-plan-card.tsx';
import { EditorCard } from './editor-card.tsx';
import { FilesSection } from './files-section.tsx';
import { PricingFields } from './pricing-fields.tsx';
import { StatusBadge, TypeBadge } from './product-badges.tsx';
import { TiersCard } from './tiers-card.tsx';
import { CourseCard } from './course/course-card.tsx';
import { CallSettingsCard } from './call/call-settings-card.tsx';
import { useCallSettings } from '../api/call-settings-api.ts';
import { useAvailability, weeklyPeriodCount } from '#src/lib/booking-availability.ts';
import { StudentsCard } from './course/students-card.tsx';
import { RichTextEditor } from '#src/components/forms/rich-text-editor.tsx';

type Action = 'save' | 'publish' | 'unpublish';

interface ProductEditorProps {
  store: Store;
  /** Null while creating. */
  product: Product | null;
  type: ProductType;
  currency: string;
}

/**
 * Create or edit one product: details, description, cover, price (or destination), button label,
 * and for downloads (digital and lead magnets) their files. Explicit Save; leaving with unsaved changes asks first.
 */
export function ProductEditor({ store, product, type, currency }: ProductEditorProps) {
  const navigate = useNavigate();
  const host = useStoreHost();
  const save = useSaveProduct();
  const form = useForm<ProductFormValues>({
    resolver: productFormResolver(currency),
    mode: 'onTouched',
    defaultValues: product ? productToForm(product, currency) : emptyProductForm(type),
  });
  const { register, handleSubmit, control, setValue, setError, reset, formState } = form;
  // Until the creator edits the URL by hand, it follows the title.
  const [slugEdited, setSlugEdited] = useState(product !== null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [running, setRunning] = useState<Action | null>(null);
  const [deleting, setDeleting] = useState(false);
  const leaving = useRef(false);
  const dirty = formState.isDirty;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const run = (action: Action) =>
    handleSubmit(
      async (values) => {
        setServerError(null);
        setRunning(action);
        const fields = formToFields(values, currency);
        fields.status = action === 'publish' ? 'published' : action === 'unpublish' ? 'draft' : product?.status === 'published' ? 'published' : 'draft';
        try {
          if (!product) {
            const created = await save.mutateAsync({ create: { storeId: store.id, ...fields } });
            leaving.current = true;
            reset(productToForm(created, currency));
            toast.success(created.status === 'published' ? `“${created.title}” is live.` : isDownloadType(created.type) ? `“${created.title}” saved as a draft. Now add its files.` : created.type === 'membership' ? `“${created.title}” saved as a draft. Now add its tiers.` : created.type === 'course' ? `“${created.title}” saved as a draft. Now add its lessons.` : created.type === 'call' ? `“${created.title}” saved as a draft. Now set its length and place.` : `“${created.title}” saved as a draft.`);
            navigate(editorSearch.edit(created.id), { replace: true });
            return;
          }
          const changes = changedFields(fields, product);
          const updated = await save.mutateAsync({ update: { storeId: store.id, productId: product.id, ...changes } });
          reset(productToForm(updated, currency));
          toast.success(action === 'publish' ? `“${updated.title}” is live.` : action === 'unpublish' ? `“${updated.title}” is a draft again.` : 'Changes saved.');
        } catch (error) {
          const message = errorMessage(error);
          const field = fieldOfServerMessage(message);
          if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
          else setServerError(message);
        } finally {
          setRunning(null);
        }
      },
      () => setServerError(null),
    );

  const title = useWatch({ control, name: 'title' });
  const slug = useWatch({ control, name: 'slug' });
  const status = product?.status ?? 'draft';
  const archived = status === 'archived';
  const busy = running !== null;
  const download = isDownloadType(type);
  const tiers = useMembershipTiers(store.id, type === 'membership' && product ? product.id : null);
  const liveTiers = (tiers.data?.tiers ?? []).filter((tier) => tier.archivedAt === null).length;
  const outline = useCourseOutline(store.id, type === 'course' && product ? product.id : null);
  const callSettings = useCallSettings(store.id, type === 'call' && product ? product.id : null);
  const availability = useAvailability(store.id, type === 'call');
  const call = { hasSettings: callSettings.isSuccess, weeklyPeriods: availability.data ? weeklyPeriodCount(availability.data.weeklyHours) : 0 };
  // The server's publish rule, shown before the creator tries: a download needs a file, a membership a tier, a course a lesson, a call its settings and open hours.
  const blockedPublish =
    (download || type === 'membership' || type === 'course' || type === 'call') && status !== 'published'
      ? publishIssue({ type, externalUrl: null }, product?.files.length ?? 0, product?.bundleItems.length ?? 0, liveTiers, outline.data?.lessonCount ?? 0, call)
      : null;
  const finalUrl = `${host}${productUrl(store, slug || 'your-product', { origin: '' })}`;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void run('save')(event)} className="space-y-5 pb-28" aria-labelledby="product-editor-title">
        <div className="space-y-3">
          <Link to={editorSearch.list()} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
            ← All products
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="product-editor-title" className="min-w-0 break-words text-xl font-semibold text-slate-900">
              {product ? product.title : `New ${TYPE_INFO[type].label.toLowerCase()}`}
            </h2>
            <TypeBadge type={type} />
            {product ? <StatusBadge status={product.status} /> : null}
          </div>
        </div>

        {product?.status === 'archived' ? (
          <Alert tone="info" title="This product is archived">
            It was deleted while it had orders, so buyers keep their access. Nobody can buy it, and it can no longer be changed.
          </Alert>
        ) : null}
        {serverError ? <Alert title="Not saved">{serverError}</Alert> : null}

        <fieldset disabled={archived} className="m-0 grid min-w-0 gap-5 border-0 p-0 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-5">
            <EditorCard title="Details">
              <TextField
                label="Title"
                placeholder="The Mug Care Guide"
                error={formState.errors.title?.message}
                {...register('title', {
                  onChange: (event: { target: { value: string } }) => {
                    if (!slugEdited) setValue('slug', productSlugFromTitle(event.target.value, ''), { shouldDirty: true });
                  },
                })}
              />
              <TextField
                label="URL"
                placeholder={productSlugFromTitle(title, '') || 'mug-care-guide'}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                hint={
                  <>
                    Your product page: <span className="break-all font-medium text-slate-700">{finalUrl}</span>
                  </>
                }
                error={formState.errors.slug?.message}
                {...register('slug', {
                  onChange: () => {
                    setSlugEdited(true);
                  },
                })}
              />
              <TextField label="Subtitle" placeholder="One line that sells it" error={formState.errors.subtitle?.message} {...register('subtitle')} />
              <Controller
                control={control}
                name="descriptionHtml"
                render={({ field, fieldState }) => (
                  <RichTextEditor label="Description" readOnly={archived} value={field.value} onChange={field.onChange} error={fieldState.error?.message} hint="What buyers get, who it is for, what makes it good." />
                )}
              />
            </EditorCard>

            {type === 'digital' || type === 'course' || type === 'call' ? (
              <EditorCard title="Price" description={`In ${currency.toUpperCase()}, your store's currency.`}>
                <PricingFields currency={currency} {...(type === 'call' ? { modes: ['fixed', 'free'] as const } : {})} />
              </EditorCard>
            ) : null}
            {type === 'lead-magnet' ? (
              <EditorCard title="Price">
                <p className="text-sm text-slate-700">
                  <span className="font-semibold">Free.</span> Lead magnets are free: visitors leave their name and email and get it straight away.
                </p>
              </EditorCard>
            ) : null}
            {type === 'link' ? (
              <EditorCard title="Destination" description="Where the button sends visitors. Links have no price.">
                <TextField label="Destination URL" type="url" inputMode="url" placeholder="https://" error={formState.errors.externalUrl?.message} {...register('externalUrl')} />
              </EditorCard>
            ) : null}

            {download ? (
              <EditorCard
                title="Files"
                description={`${type === 'lead-magnet' ? 'What visitors download after leaving their email' : 'What buyers download after paying'}. Each file can be up to the size your plan allows.`}
              >
                {product ? <FilesSection product={product} /> : <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">Save the product first, then add its files here.</p>}
              </EditorCard>
            ) : null}
            {type === 'membership' ? (
              <EditorCard title="Files" description="Files members download while their membership lasts. Choose which tiers include each one under Tiers (“Files”).">
                {product ? <FilesSection product={product} /> : <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">Save the membership first, then add its files here.</p>}
              </EditorCard>
            ) : null}
            {type === 'membership' ? <TiersCard product={product} /> : null}
            {type === 'course' ? <CourseCard product={product} /> : null}
            {type === 'course' && product ? <StudentsCard product={product} /> : null}
            {type === 'call' ? <CallSettingsCard product={product} /> : null}
            <BundleItemsCard product={product} />
            <OrderBumpCard product={product} />
            <UpsellOfferCard product={product} />
            <PaymentPlanCard product={product} />
          </div>

          <div className="min-w-0 space-y-5">
            <EditorCard title="Cover image">
              <Controller
                control={control}
                name="coverImageUrl"
                render={({ field, fieldState }) => (
                  <CoverField storeId={store.id} disabled={archived} value={field.value} onChange={(url) => field.onChange(url)} error={fieldState.error?.message} />
                )}
              />
            </EditorCard>
            <EditorCard title="Button">
              <TextField label="Button label" placeholder={DEFAULT_CTA[type]} hint={`Leave empty for “${DEFAULT_CTA[type]}”.`} error={formState.errors.ctaLabel?.message} {...register('ctaLabel')} />
            </EditorCard>
            <DownloadLimitCard product={product} />
            {product && !archived ? (
              <EditorCard title="Delete">
                <Button variant="ghost" className="w-full text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50" onClick={() => setDeleting(true)}>
                  Delete product
                </Button>
              </EditorCard>
            ) : null}
          </div>
        </fieldset>

        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:sticky lg:rounded-2xl lg:border lg:shadow-sm">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2">
            <div className="min-w-[min(100%,16rem)] flex-1 text-sm">
              <p aria-live="polite" className="text-slate-600">
                {busy ? 'Saving…' : dirty ? 'You have unsaved changes' : product ? (status === 'published' ? 'Published' : archived ? 'Archived: read only' : 'Draft: not on your store yet') : 'Not saved yet'}
              </p>
              {blockedPublish && !archived ? (
                <p id="publish-blocked" className="text-amber-800">
                  {blockedPublish}
                </p>
              ) : null}
            </div>
            {archived ? null : (
              <div className="flex flex-1 justify-end gap-2 sm:flex-none">
                {status === 'published' ? (
                  <Button variant="ghost" onClick={() => void run('unpublish')()} disabled={busy}>
                    {running === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
                  </Button>
                ) : null}
                <Button type="submit" variant={status === 'published' || blockedPublish ? 'primary' : 'secondary'} disabled={busy} aria-busy={running === 'save'}>
                  {running === 'save' ? 'Saving…' : status === 'published' ? 'Save changes' : 'Save draft'}
                </Button>
                {status !== 'published' ? (
                  <Button
                    onClick={() => void run('publish')()}
                    disabled={busy || blockedPublish !== null}
                    aria-busy={running === 'publish'}
                    aria-describedby={blockedPublish ? 'publish-blocked' : undefined}
                  >
                    {running === 'publish' ? 'Publishing…' : 'Publish'}
                  </Button>
                ) : null}
              </div>
            )}
          </div>
        </div>
      </form>

      {product ? (
        <DeleteProductDialog
          storeId={store.id}
          product={deleting ? product : null}
          onClose={() => setDeleting(false)}
          onDone={() => {
            leaving.current = true;
            navigate(editorSearch.list());
          }}
        />
      ) : null}

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        description="You have unsaved changes to this product. If you leave now, they are lost."
        confirmLabel="Leave without saving"
        pendingLabel="Leaving…"
        pending={false}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </FormProvider>
  );
}
