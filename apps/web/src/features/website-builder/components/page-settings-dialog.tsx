import { zodResolver } from '@hookform/resolvers/zod';
import { WEBSITE_LIMITS, WebsitePageFieldsSchema, type WebsitePageSummary } from '@shopfront/core';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useUpdatePage } from '../api/website-pages-api.ts';
import { ImageField } from './image-field.tsx';

interface SettingsValues {
  title: string;
  slug: string;
  seoTitle: string;
  seoDescription: string;
  seoImageSrc: string;
}

interface PageSettingsDialogProps {
  storeId: string;
  page: WebsitePageSummary | null;
  onClose: () => void;
}

/** A page's title, URL (fixed for the home page) and what search engines and social cards show. */
export function PageSettingsDialog({ storeId, page, onClose }: PageSettingsDialogProps) {
  return (
    <Dialog open={page !== null} onClose={onClose} title={page ? `“${page.title}” settings` : 'Page settings'}>
      {page ? <PageSettingsForm key={page.id} storeId={storeId} page={page} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PageSettingsForm({ storeId, page, onClose }: { storeId: string; page: WebsitePageSummary; onClose: () => void }) {
  const update = useUpdatePage(storeId);
  const { register, handleSubmit, control, formState } = useForm<SettingsValues>({
    resolver: zodResolver(WebsitePageFieldsSchema.required()),
    mode: 'onTouched',
    defaultValues: { title: page.title, slug: page.slug, seoTitle: page.seoTitle, seoDescription: page.seoDescription, seoImageSrc: page.seoImageSrc },
  });
  const submit = handleSubmit(async (values) => {
    const { slug, ...rest } = WebsitePageFieldsSchema.parse(values);
    // The home page keeps its URL: the server refuses any change to it, so it is not sent.
    await update.mutateAsync({ pageId: page.id, fields: page.isHome ? rest : { slug, ...rest } });
    toast.success('Page settings saved.');
    onClose();
  });
  const errors = formState.errors;
  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <TextField label="Title" maxLength={WEBSITE_LIMITS.titleMax + 1} error={errors.title?.message} {...register('title')} />
      <TextField
        label="Page URL"
        readOnly={page.isHome}
        hint={page.isHome ? 'The home page keeps the URL “home”.' : 'Lowercase letters, numbers and hyphens.'}
        maxLength={WEBSITE_LIMITS.slugMax + 1}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.slug?.message}
        {...register('slug')}
      />
      <TextField label="SEO title" hint={`Up to ${WEBSITE_LIMITS.seoTitleMax} characters; empty uses the page title.`} maxLength={WEBSITE_LIMITS.seoTitleMax + 1} error={errors.seoTitle?.message} {...register('seoTitle')} />
      <TextField label="SEO description" hint={`Up to ${WEBSITE_LIMITS.seoDescriptionMax} characters, shown by search engines.`} maxLength={WEBSITE_LIMITS.seoDescriptionMax + 1} error={errors.seoDescription?.message} {...register('seoDescription')} />
      <Controller
        control={control}
        name="seoImageSrc"
        render={({ field, fieldState }) => (
          <div>
            <ImageField storeId={storeId} label="Social image" value={field.value} onChange={field.onChange} />
            {fieldState.error?.message ? <p className="mt-1 text-sm font-medium text-red-600">{fieldState.error.message}</p> : null}
          </div>
        )}
      />
      {update.isError ? <Alert>{errorMessage(update.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
