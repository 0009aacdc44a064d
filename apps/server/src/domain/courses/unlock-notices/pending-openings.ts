// Exports pendingOpenings: which dripped sections still owe a student their "new lessons unlocked" email (pure).
import { scheduledOpening, type DripEnrolment, type DripSection } from '../drip.ts';

export interface NoticeSection extends DripSection {
  id: string;
  title: string;
  lessonCount: number;
}

export interface PendingOpening {
  sectionId: string;
  opensAt: Date;
}

/**
 * The sections whose drip opens them for this student after enrolment and that were not announced
 * yet, earliest first. Not announced: a section open at enrolment (immediately, or a date already
 * past), one the creator opened earlier by "Unlock everything" (they chose to, the student sees it
 * on the course page), and an empty one (no lessons to announce).
 */
export function pendingOpenings(sections: readonly NoticeSection[], enrolment: Pick<DripEnrolment, 'enrolledAt' | 'unlockedAllAt'>, announced: ReadonlySet<string>): PendingOpening[] {
  const unlocked = enrolment.unlockedAllAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return sections
    .filter((section) => section.lessonCount > 0 && !announced.has(section.id))
    .map((section) => ({ sectionId: section.id, opensAt: scheduledOpening(section, enrolment.enrolledAt) }))
    .filter(({ opensAt }) => opensAt.getTime() > enrolment.enrolledAt.getTime() && opensAt.getTime() < unlocked)
    .sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime() || a.sectionId.localeCompare(b.sectionId));
}
