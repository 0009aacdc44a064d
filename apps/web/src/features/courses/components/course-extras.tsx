import { courseCertificatePath, type MyCourse } from '@shopfront/core';
import { Alert } from '#src/components/ui/alert.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { LabelledSwitch } from '#src/components/ui/labelled-switch.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useSetLessonEmails } from '../api/my-courses-api.ts';

/** "Download certificate" once every lesson is complete and the creator offers one; a hint while lessons remain. */
export function CertificateLink({ storeId, course }: { storeId: string; course: MyCourse }) {
  if (course.certificate === 'off') return null;
  if (course.certificate === 'incomplete') {
    return <p className="text-sm text-slate-600">Complete every lesson to get your certificate of completion.</p>;
  }
  // Its own block: beside "Continue" on wide screens the two links would touch.
  return (
    <div>
      <a href={courseCertificatePath(storeId, course.productId)} download className={buttonClasses('secondary', 'w-full sm:w-auto')}>
        Download certificate <span className="sr-only">of completion (PDF)</span>
      </a>
    </div>
  );
}

/** The student's choice of "new lessons unlocked" emails, only for a course with lessons still to open. */
export function LessonEmailsSwitch({ storeId, course }: { storeId: string; course: MyCourse }) {
  const save = useSetLessonEmails(storeId, course.productId);
  if (course.sections.every((section) => section.open)) return null;
  return (
    <div className="space-y-2">
      <LabelledSwitch
        label="Email me when new lessons open"
        hint="One email each time a section of this course unlocks."
        checked={save.isPending ? Boolean(save.variables) : course.lessonEmails}
        disabled={save.isPending}
        onChange={(next) => save.mutate(next)}
      />
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
    </div>
  );
}
