import { Alert } from '#src/components/ui/alert.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCourseLesson } from '#src/features/products/api/course-api.ts';
import { LessonFiles } from './lesson-files.tsx';
import { LessonForm } from './lesson-form.tsx';
import { LessonVideo } from './lesson-video.tsx';

/** A lesson to add to a section, or one to edit. */
export type LessonTarget = { kind: 'new'; sectionId: string } | { kind: 'edit'; lessonId: string };

interface LessonDialogProps {
  storeId: string;
  productId: string;
  target: LessonTarget | null;
  /** Moves the dialog on: from a new lesson to editing it once created, or closed (null). */
  onTarget: (target: LessonTarget | null) => void;
}

/**
 * Add or edit one lesson: title, text, free preview and an embed link; once it exists, its
 * uploaded video (with upload and transcoding progress) and its files.
 */
export function LessonDialog({ storeId, productId, target, onTarget }: LessonDialogProps) {
  const lessonId = target?.kind === 'edit' ? target.lessonId : null;
  const lesson = useCourseLesson(storeId, productId, lessonId);
  const close = () => onTarget(null);
  const title = target?.kind === 'new' ? 'Add a lesson' : lesson.data ? `Edit “${lesson.data.title}”` : 'Edit lesson';
  return (
    <Dialog open={target !== null} onClose={close} title={title}>
      {target?.kind === 'new' ? (
        <LessonForm
          key={`new-${target.sectionId}`}
          storeId={storeId}
          productId={productId}
          sectionId={target.sectionId}
          lesson={null}
          onClose={close}
          onCreated={(created) => {
            toast.success(`“${created.title}” added. Now add its video or files.`);
            onTarget({ kind: 'edit', lessonId: created.id });
          }}
        />
      ) : target ? (
        lesson.isPending ? (
          <Spinner label="Loading the lesson" />
        ) : lesson.isError ? (
          <Alert>
            {errorMessage(lesson.error)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void lesson.refetch()}>
              Try again
            </button>
          </Alert>
        ) : (
          <div className="space-y-6">
            <LessonForm key={lesson.data.id} storeId={storeId} productId={productId} sectionId={lesson.data.sectionId} lesson={lesson.data} onClose={close} onCreated={() => undefined} />
            <LessonVideo storeId={storeId} productId={productId} lesson={lesson.data} />
            <LessonFiles storeId={storeId} productId={productId} lesson={lesson.data} />
          </div>
        )
      ) : null}
    </Dialog>
  );
}
