import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { SortableList } from '#src/components/ui/sortable-list.tsx';
import { arrangeLessons, dripLabel, moveSection, type OutlineOrder } from '#src/features/products/lib/course-outline.ts';
import { LessonRow } from './lesson-row.tsx';
import { MoveButtons } from './move-buttons.tsx';

type Section = OutlineOrder[number];
type Lesson = Section['lessons'][number];

/** What a section and its lessons can ask the outline editor to do. */
export interface OutlineActions {
  readOnly: boolean;
  /** The whole outline, for moves. */
  sections: OutlineOrder;
  reorder: (next: OutlineOrder) => void;
  rename: (section: Section) => void;
  drip: (section: Section) => void;
  deleteSection: (section: Section) => void;
  addLesson: (section: Section) => void;
  editLesson: (lesson: Lesson) => void;
  deleteLesson: (lesson: Lesson) => void;
}

/** One section: its title and drip, its lessons (reordered by drag or the move buttons), its actions. */
export function SectionBlock({ section, handle, actions }: { section: Section; handle: ReactNode; actions: OutlineActions }) {
  const { readOnly, sections } = actions;
  const byId = new Map(section.lessons.map((lesson) => [lesson.id, lesson]));
  const index = sections.findIndex((item) => item.id === section.id);
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        {handle}
        <div className="min-w-0 flex-1 basis-48">
          <h4 className="break-words font-semibold text-slate-900">{section.title}</h4>
          <p className="text-sm text-slate-600">{dripLabel(section.drip)}</p>
        </div>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-1">
            <MoveButtons
              name={`section “${section.title}”`}
              first={index === 0}
              last={index === sections.length - 1}
              onMove={(delta) => {
                const next = moveSection(sections, section.id, delta);
                if (next) actions.reorder(next);
              }}
            />
            <Button variant="ghost" className="min-h-10 px-3" onClick={() => actions.rename(section)} aria-label={`Rename section “${section.title}”`}>
              Rename
            </Button>
            <Button variant="ghost" className="min-h-10 px-3" onClick={() => actions.drip(section)} aria-label={`When “${section.title}” opens`}>
              Schedule
            </Button>
            <Button variant="ghost" className="min-h-10 px-3 text-red-700 hover:bg-red-50" onClick={() => actions.deleteSection(section)} aria-label={`Delete section “${section.title}”`}>
              Delete
            </Button>
          </div>
        )}
      </div>
      <div className="mt-3 space-y-2">
        {section.lessons.length === 0 ? (
          <p className="rounded-lg bg-white p-3 text-sm text-slate-600 ring-1 ring-slate-200">No lessons in this section yet.</p>
        ) : (
          <SortableList
            label={`Lessons in “${section.title}”`}
            ids={section.lessons.map((lesson) => lesson.id)}
            nameOf={(id) => byId.get(id)?.title ?? 'Lesson'}
            onReorder={(ids) => actions.reorder(arrangeLessons(sections, section.id, ids))}
            renderItem={(id, lessonHandle) => <LessonRow lesson={byId.get(id)!} handle={readOnly ? null : lessonHandle} actions={actions} />}
          />
        )}
        {readOnly ? null : (
          <Button variant="secondary" className="min-h-10" onClick={() => actions.addLesson(section)} aria-label={`Add a lesson to “${section.title}”`}>
            + Add lesson
          </Button>
        )}
      </div>
    </div>
  );
}
