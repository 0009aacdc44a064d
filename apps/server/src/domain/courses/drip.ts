// Exports sectionOpensAt, scheduledOpening and lessonAccess: the drip rules (decision 042), pure so every boundary is tested.
import type { DripKind } from '#src/db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DripSection {
  dripKind: DripKind;
  dripDays: number | null;
  dripDate: Date | null;
}

export interface DripEnrolment {
  enrolledAt: Date;
  unlockedAllAt: Date | null;
  endedAt: Date | null;
}

/**
 * When a section opens for one student: at enrolment, exactly N × 24 hours after it (not calendar
 * days in a time zone: one instant for every student wherever they are), or on the creator's
 * date. Unlocking everything for the student opens it at that moment if that is earlier.
 */
export function sectionOpensAt(section: DripSection, enrolment: Pick<DripEnrolment, 'enrolledAt' | 'unlockedAllAt'>): Date {
  const scheduled = scheduledOpening(section, enrolment.enrolledAt);
  const unlocked = enrolment.unlockedAllAt;
  return unlocked && unlocked.getTime() < scheduled.getTime() ? unlocked : scheduled;
}

/** When the section's drip opens it for a student enrolled at `enrolledAt`, whatever the creator unlocked by hand. */
export function scheduledOpening(section: DripSection, enrolledAt: Date): Date {
  switch (section.dripKind) {
    case 'immediately':
      return enrolledAt;
    case 'after-days':
      return new Date(enrolledAt.getTime() + (section.dripDays ?? 0) * DAY_MS);
    case 'on-date':
      return section.dripDate ?? enrolledAt;
  }
}

export type LessonAccess =
  | { kind: 'open'; via: 'enrolment' | 'free-preview' }
  | { kind: 'locked'; opensAt: Date }
  | { kind: 'denied' };

/**
 * What a visitor or student may do with a lesson at `now` (for test-mode enrolments, the store's
 * test-clock time). A free preview is open to anyone; otherwise only a live enrolment opens it, and
 * only once its section has opened. An ended enrolment (refund) is denied, not locked: nothing
 * will open.
 */
export function lessonAccess(options: {
  lesson: { freePreview: boolean };
  section: DripSection;
  enrolment: DripEnrolment | null;
  now: Date;
}): LessonAccess {
  const { lesson, section, enrolment, now } = options;
  const live = enrolment !== null && (enrolment.endedAt === null || enrolment.endedAt.getTime() > now.getTime());
  if (live) {
    const opensAt = sectionOpensAt(section, enrolment);
    if (opensAt.getTime() <= now.getTime()) return { kind: 'open', via: 'enrolment' };
    if (!lesson.freePreview) return { kind: 'locked', opensAt };
  }
  return lesson.freePreview ? { kind: 'open', via: 'free-preview' } : { kind: 'denied' };
}
