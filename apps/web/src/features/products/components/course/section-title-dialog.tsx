import { SectionTitleSchema, type CourseOutline } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useChangeOutline } from '#src/features/products/api/course-api.ts';
import { NestedForm } from '#src/components/ui/nested-form.tsx';

/** A new section (`section: null`) or the section to rename. */
export interface SectionTarget {
  section: CourseOutline['sections'][number] | null;
}

export function SectionTitleDialog({ storeId, productId, target, onClose }: { storeId: string; productId: string; target: SectionTarget | null; onClose: () => void }) {
  const change = useChangeOutline(storeId, productId);
  const close = () => {
    change.reset();
    onClose();
  };
  return (
    <Dialog open={target !== null} onClose={close} title={target?.section ? 'Rename section' : 'Add a section'} dismissible={!change.isPending}>
      {target ? (
        <TitleForm
          key={target.section?.id ?? 'new'}
          initial={target.section?.title ?? ''}
          isNew={!target.section}
          change={change}
          onClose={close}
          save={(title) => (target.section ? { renameCourseSection: { storeId, sectionId: target.section.id, title } } : { createCourseSection: { storeId, productId, title } })}
        />
      ) : null}
    </Dialog>
  );
}

function TitleForm({
  initial,
  isNew,
  change,
  save,
  onClose,
}: {
  initial: string;
  isNew: boolean;
  change: ReturnType<typeof useChangeOutline>;
  save: (title: string) => Parameters<ReturnType<typeof useChangeOutline>['mutate']>[0];
  onClose: () => void;
}) {
  const [title, setTitle] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <NestedForm
      onSubmit={() => {
        const parsed = SectionTitleSchema.safeParse(title);
        if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the title');
        setProblem(null);
        change.mutate(save(parsed.data), {
          onSuccess: () => {
            toast.success(isNew ? `“${parsed.data}” added.` : 'Section renamed.');
            onClose();
          },
        });
      }}
    >
      <TextField label="Section title" placeholder="Getting started" value={title} onChange={(event) => setTitle(event.target.value)} error={problem ?? undefined} />
      {change.isError ? <Alert>{errorMessage(change.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? 'Saving…' : isNew ? 'Add section' : 'Rename'}
        </Button>
      </div>
    </NestedForm>
  );
}
