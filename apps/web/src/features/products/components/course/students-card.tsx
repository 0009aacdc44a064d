import type { CourseStudent, Product } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCourseStudents, useUnlockStudent } from '#src/features/products/api/course-api.ts';
import { EditorCard } from '../editor-card.tsx';
import { LessonCompletion } from './lesson-completion.tsx';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A course's students: progress per student, completion per lesson, "Unlock everything" for one. */
export function StudentsCard({ product }: { product: Product }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const students = useCourseStudents(product.storeId, product.id, page, search.trim());
  const unlock = useUnlockStudent(product.storeId, product.id);
  const [unlocking, setUnlocking] = useState<CourseStudent | null>(null);
  const data = students.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const close = () => {
    unlock.reset();
    setUnlocking(null);
  };

  return (
    <EditorCard title="Students" description="Who is enrolled, how far each has got, and how many finished each lesson.">
      <TextField
        label="Search students"
        type="search"
        placeholder="Name or email"
        value={search}
        onChange={(event) => (setSearch(event.target.value), setPage(1))}
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
      />
      {students.isPending ? (
        <Spinner label="Loading students" />
      ) : students.isError ? (
        <Alert>
          {errorMessage(students.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void students.refetch()}>
            Try again
          </button>
        </Alert>
      ) : data!.students.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{search.trim() ? 'No student matches that search.' : 'No students yet. Buyers of this course appear here.'}</p>
      ) : (
        <ul aria-label="Students" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {data!.students.map((student) => (
            <li key={student.enrolmentId} className="flex flex-wrap items-center gap-3 px-3 py-3">
              <div className="min-w-0 flex-1 basis-56">
                <p className="break-words font-medium text-slate-900">{student.name || student.email}</p>
                <p className="break-all text-sm text-slate-600">{student.email}</p>
                <p className="text-xs text-slate-500">
                  Enrolled {DATE.format(new Date(student.enrolledAt))}
                  {student.lastActivityAt ? ` · last active ${DATE.format(new Date(student.lastActivityAt))}` : ''}
                  {student.endedAt ? ' · Refunded: no access' : ''}
                  {student.unlockedAllAt ? ' · Everything unlocked' : ''}
                  {student.testMode ? ' · Test' : ''}
                </p>
              </div>
              <div className="w-40 space-y-1">
                <p className="text-sm text-slate-700">
                  {student.completed} of {student.total} lessons · {student.percent}%
                </p>
                <ProgressBar label={`Progress of ${student.name || student.email}`} percent={student.percent} />
              </div>
              {student.endedAt || student.unlockedAllAt ? null : (
                <Button variant="secondary" className="min-h-10 px-3" onClick={() => setUnlocking(student)} aria-label={`Unlock everything for ${student.name || student.email}`}>
                  Unlock everything
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 ? (
        <nav aria-label="Student pages" className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <p className="text-sm text-slate-600">
            Page {page} of {pages}
          </p>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      {data && data.lessons.length > 0 ? <LessonCompletion lessons={data.lessons} /> : null}
      <ConfirmDialog
        open={unlocking !== null}
        title={`Unlock everything for ${unlocking ? unlocking.name || unlocking.email : ''}?`}
        description="Every section opens for this student now, whatever its schedule. This cannot be undone."
        confirmLabel="Unlock everything"
        pendingLabel="Unlocking…"
        pending={unlock.isPending}
        error={unlock.isError ? errorMessage(unlock.error) : null}
        onClose={close}
        onConfirm={() => {
          if (!unlocking) return;
          const who = unlocking.name || unlocking.email;
          unlock.mutate(unlocking.enrolmentId, { onSuccess: () => (toast.success(`Everything is unlocked for ${who}.`), close()) });
        }}
      />
    </EditorCard>
  );
}
