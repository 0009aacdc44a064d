import { zodResolver } from '@hookform/resolvers/zod';
import { WEBSITE_LIMITS, WebsitePageSlugSchema, WebsitePageTitleSchema, type WebsitePageSummary } from '@shopfront/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useCreatePage } from '../api/website-pages-api.ts';
import { suggestPageSlug } from '../lib/page-content.ts';

const CreatePageSchema = z.object({ title: WebsitePageTitleSchema, slug: WebsitePageSlugSchema });
type CreatePageValues = z.input<typeof CreatePageSchema>;

interface CreatePageDialogProps {
  storeId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (page: WebsitePageSummary) => void;
}

/** A new page: its title, and its URL suggested from the title until the creator types one. */
export function CreatePageDialog({ storeId, open, onClose, onCreated }: CreatePageDialogProps) {
  const create = useCreatePage(storeId);
  const { register, handleSubmit, setValue, formState, reset } = useForm<CreatePageValues>({
    resolver: zodResolver(CreatePageSchema),
    mode: 'onTouched',
    defaultValues: { title: '', slug: '' },
  });
  const close = () => {
    if (create.isPending) return;
    reset();
    create.reset();
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    const page = await create.mutateAsync(CreatePageSchema.parse(values));
    reset();
    onCreated(page);
  });
  const slugTyped = Boolean(formState.dirtyFields.slug);
  const title = register('title', {
    onChange: (event: { target: { value: string } }) => {
      // Suggested until the creator types a URL of their own (a suggestion leaves the field untouched).
      if (!slugTyped) setValue('slug', suggestPageSlug(event.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const slug = register('slug');

  return (
    <Dialog open={open} onClose={close} title="New page" description="Pages start as drafts: visitors see them once you publish." dismissible={!create.isPending}>
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event).catch(() => undefined)}>
        <TextField label="Title" maxLength={WEBSITE_LIMITS.titleMax + 1} error={formState.errors.title?.message} {...title} />
        <TextField label="Page URL" hint="Lowercase letters, numbers and hyphens, like “about-me”." maxLength={WEBSITE_LIMITS.slugMax + 1} autoCapitalize="none" spellCheck={false} error={formState.errors.slug?.message} {...slug} />
        {create.isError ? <Alert>{errorMessage(create.error)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create page'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
