import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { moveLesson, type OutlineOrder, videoStatusText } from '#src/features/products/lib/course-outline.ts';
import { MoveButtons } from './move-buttons.tsx';
import type { OutlineActions } from './section-block.tsx';

type Lesson = OutlineOrder[number]['lessons'][number];

const CHIP = 'inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700';

/** One lesson in the outline: its title, what it holds, and its actions. */
export function LessonRow({ lesson, handle, actions }: { lesson: Lesson; handle: ReactNode; actions: OutlineActions }) {
  const { sections, readOnly } = actions;
  const all = sections.flatMap((section) => section.lessons);
  const index = all.findIndex((item) => item.id === lesson.id);
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-2 ring-1 ring-slate-200">
      {handle}
      <div className="min-w-0 flex-1 basis-48">
        <p className="break-words font-medium text-slate-900">{lesson.title}</p>
        <p className="mt-0.5 flex flex-wrap gap-1.5">
          {lesson.freePreview ? <span className={`${CHIP} bg-emerald-50 text-emerald-800`}>Free preview</span> : null}
          {lesson.video ? <span className={lesson.video.status === 'failed' ? `${CHIP} bg-red-50 text-red-800` : CHIP}>Video: {videoStatusText(lesson.video)}</span> : null}
          {lesson.embedUrl ? <span className={CHIP}>Embedded video</span> : null}
          {lesson.fileCount > 0 ? <span className={CHIP}>{lesson.fileCount === 1 ? '1 file' : `${lesson.fileCount} files`}</span> : null}
          <span className={CHIP}>{lesson.completionPercent}% completed</span>
        </p>
      </div>
      {readOnly ? null : (
        <div className="flex flex-wrap gap-1">
          <MoveButtons
            name={`lesson “${lesson.title}”`}
            first={index === 0}
            last={index === all.length - 1}
            onMove={(delta) => {
              const next = moveLesson(sections, lesson.id, delta);
              if (next) actions.reorder(next);
            }}
          />
          <Button variant="secondary" className="min-h-10 px-3" onClick={() => actions.editLesson(lesson)} aria-label={`Edit lesson “${lesson.title}”`}>
            Edit
          </Button>
          <Button variant="ghost" className="min-h-10 px-3 text-red-700 hover:bg-red-50" onClick={() => actions.deleteLesson(lesson)} aria-label={`Delete lesson “${lesson.title}”`}>
            Delete
          </Button>
        </div>
      )}
    </div>
  );
}
