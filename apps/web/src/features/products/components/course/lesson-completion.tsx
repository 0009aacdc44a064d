type LessonRate = { lessonId: string; title: string; completedCount: number; completionPercent: number };

/** How many students finished each lesson, in course order. */
export function LessonCompletion({ lessons }: { lessons: LessonRate[] }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-700">Completion per lesson</h4>
      <ol aria-label="Completion per lesson" className="mt-2 space-y-1.5">
        {lessons.map((lesson) => (
          <li key={lesson.lessonId} className="flex items-center gap-3 text-sm">
            <span className="min-w-0 flex-1 truncate text-slate-800">{lesson.title}</span>
            <span className="shrink-0 text-slate-600">
              {lesson.completedCount} {lesson.completedCount === 1 ? 'student' : 'students'} · {lesson.completionPercent}%
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
