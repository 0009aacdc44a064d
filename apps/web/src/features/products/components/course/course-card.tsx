import type { Product } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { SortableList } from '#src/components/ui/sortable-list.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useChangeOutline, useCourseOutline, useReorderOutline } from '#src/features/products/api/course-api.ts';
import { arrangeSections, type OutlineOrder } from '#src/features/products/lib/course-outline.ts';
import { EditorCard } from '../editor-card.tsx';
import { CertificateSwitch } from './certificate-switch.tsx';
import { DripDialog } from './drip-dialog.tsx';
import { LessonDialog, type LessonTarget } from './lesson-dialog.tsx';
import { SectionBlock, type OutlineActions } from './section-block.tsx';
import { SectionTitleDialog, type SectionTarget } from './section-title-dialog.tsx';

const DESCRIPTION = 'Sections of lessons, in the order students take them. Drag a handle or use the move buttons to reorder. Saved as you go, not by the editor’s Save.';

type Section = OutlineOrder[number];
type Lesson = Section['lessons'][number];

/** A course's outline: sections (with their drip) and lessons, added, edited, reordered and deleted. */
export function CourseCard({ product }: { product: Product | null }) {
  if (!product) {
    return (
      <EditorCard title="Lessons" description={DESCRIPTION}>
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">Save the course first, then add its sections and lessons here.</p>
      </EditorCard>
    );
  }
  return <CourseOutlineEditor product={product} />;
}

function CourseOutlineEditor({ product }: { product: Product }) {
  const { storeId, id: productId } = product;
  const outline = useCourseOutline(storeId, productId);
  const change = useChangeOutline(storeId, productId);
  const reorder = useReorderOutline(storeId, productId);
  const [titling, setTitling] = useState<SectionTarget | null>(null);
  const [dripping, setDripping] = useState<Section | null>(null);
  const [lesson, setLesson] = useState<LessonTarget | null>(null);
  const [deleting, setDeleting] = useState<{ section: Section } | { lesson: Lesson } | null>(null);
  const readOnly = product.status === 'archived';
  const sections = outline.data?.sections ?? [];
  const byId = new Map(sections.map((section) => [section.id, section]));

  const actions: OutlineActions = {
    readOnly,
    sections,
    reorder: (next) => reorder.mutate(next, { onError: (error) => toast.error(errorMessage(error)) }),
    rename: (section) => setTitling({ section }),
    drip: setDripping,
    deleteSection: (section) => setDeleting({ section }),
    addLesson: (section) => setLesson({ kind: 'new', sectionId: section.id }),
    editLesson: (item) => setLesson({ kind: 'edit', lessonId: item.id }),
    deleteLesson: (item) => setDeleting({ lesson: item }),
  };
  const closeDelete = () => {
    change.reset();
    setDeleting(null);
  };

  return (
    <EditorCard title="Lessons" description={DESCRIPTION}>
      {outline.isPending ? (
        <Spinner label="Loading the course outline" />
      ) : outline.isError ? (
        <Alert>
          {errorMessage(outline.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void outline.refetch()}>
            Try again
          </button>
        </Alert>
      ) : sections.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No sections yet. Add a section, then its lessons; a course needs a lesson before it can be published.</p>
      ) : (
        <SortableList
          label="Sections in course order"
          ids={sections.map((section) => section.id)}
          nameOf={(id) => byId.get(id)?.title ?? 'Section'}
          onReorder={(ids) => actions.reorder(arrangeSections(sections, ids))}
          renderItem={(id, handle) => <SectionBlock section={byId.get(id)!} handle={readOnly ? null : handle} actions={actions} />}
        />
      )}
      {readOnly || outline.isPending || outline.isError ? null : (
        <Button variant="secondary" onClick={() => setTitling({ section: null })}>
          Add section
        </Button>
      )}
      {outline.data ? (
        <p className="text-sm text-slate-600">
          {outline.data.lessonCount} {outline.data.lessonCount === 1 ? 'lesson' : 'lessons'} · {outline.data.studentCount} {outline.data.studentCount === 1 ? 'student' : 'students'}
        </p>
      ) : null}
      {outline.data ? <CertificateSwitch storeId={storeId} productId={productId} enabled={outline.data.certificateEnabled} readOnly={readOnly} /> : null}

      <SectionTitleDialog storeId={storeId} productId={productId} target={titling} onClose={() => setTitling(null)} />
      <DripDialog storeId={storeId} productId={productId} section={dripping} onClose={() => setDripping(null)} />
      <LessonDialog storeId={storeId} productId={productId} target={lesson} onTarget={setLesson} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete “${'section' in deleting ? deleting.section.title : deleting.lesson.title}”?` : ''}
        description={
          deleting && 'section' in deleting
            ? `Its ${deleting.section.lessons.length === 1 ? 'lesson' : `${deleting.section.lessons.length} lessons`}, their videos and files, and your students’ progress in them are deleted. This cannot be undone.`
            : 'Its video and files, and your students’ progress in it, are deleted. This cannot be undone.'
        }
        confirmLabel={deleting && 'section' in deleting ? 'Delete section' : 'Delete lesson'}
        pendingLabel="Deleting…"
        pending={change.isPending}
        error={change.isError ? errorMessage(change.error) : null}
        onClose={closeDelete}
        onConfirm={() => {
          if (!deleting) return;
          const name = 'section' in deleting ? deleting.section.title : deleting.lesson.title;
          const input = 'section' in deleting ? { deleteCourseSection: { storeId, sectionId: deleting.section.id } } : { deleteCourseLesson: { storeId, lessonId: deleting.lesson.id } };
          change.mutate(input, {
            onSuccess: () => {
              toast.success(`“${name}” deleted.`);
              closeDelete();
            },
          });
        }}
      />
    </EditorCard>
  );
}
