// Exports nextLessonProgress, summariseCourseProgress and COMPLETE_AT: the progress rules (decision 042), pure.

/** A video lesson completes itself once the student has reached this share of it. */
export const COMPLETE_AT = 0.9;

export interface StoredProgress {
  positionSeconds: number;
  completedAt: Date | null;
}

export interface ProgressReport {
  positionSeconds: number;
  /** The student moved the playhead back on purpose; without it a lower position is ignored. */
  seeked?: boolean;
  /** The "Mark complete" button. */
  complete?: boolean;
}

/**
 * The progress after a report. The position moves forward only, unless the report says the student
 * sought back: a late heartbeat from a slow request, or from a second device left open further
 * back, must not pull "continue where you left off" backwards. The lesson completes at 90 % of its
 * duration (when the duration is known) or by the button, and a later position never un-completes it.
 */
export function nextLessonProgress(current: StoredProgress | null, report: ProgressReport, durationSeconds: number | null, now: Date): StoredProgress {
  const known = durationSeconds !== null && durationSeconds > 0 ? durationSeconds : null;
  const reported = Math.max(0, known === null ? report.positionSeconds : Math.min(report.positionSeconds, known));
  const previous = current?.positionSeconds ?? 0;
  const positionSeconds = report.seeked || reported >= previous ? reported : previous;
  const reachedEnd = known !== null && reported >= known * COMPLETE_AT;
  const completedAt = current?.completedAt ?? (report.complete || reachedEnd ? now : null);
  return { positionSeconds, completedAt };
}

export interface OutlineSection {
  id: string;
  lessonIds: string[];
}

export interface ProgressRow extends StoredProgress {
  lessonId: string;
  updatedAt: Date;
}

export interface CourseProgress {
  sections: { sectionId: string; completed: number; total: number; percent: number }[];
  overall: { completed: number; total: number; percent: number };
  /** The lesson touched last and where in it; the first lesson when none was; null for an empty course. */
  continueAt: { lessonId: string; positionSeconds: number } | null;
}

/** Progress per section and overall (whole percents, rounded down so 100 % means every lesson) and where to continue. */
export function summariseCourseProgress(outline: OutlineSection[], rows: ProgressRow[]): CourseProgress {
  const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
  const percent = (completed: number, total: number) => (total === 0 ? 0 : Math.floor((completed * 100) / total));
  const sections = outline.map((section) => {
    const completed = section.lessonIds.filter((id) => byLesson.get(id)?.completedAt).length;
    return { sectionId: section.id, completed, total: section.lessonIds.length, percent: percent(completed, section.lessonIds.length) };
  });
  const completed = sections.reduce((sum, section) => sum + section.completed, 0);
  const total = sections.reduce((sum, section) => sum + section.total, 0);
  const inCourse = new Set(outline.flatMap((section) => section.lessonIds));
  const latest = rows
    .filter((row) => inCourse.has(row.lessonId))
    .reduce<ProgressRow | null>((best, row) => (best === null || row.updatedAt.getTime() > best.updatedAt.getTime() ? row : best), null);
  const first = outline.flatMap((section) => section.lessonIds)[0];
  const continueAt = latest ? { lessonId: latest.lessonId, positionSeconds: latest.positionSeconds } : first ? { lessonId: first, positionSeconds: 0 } : null;
  return { sections, overall: { completed, total, percent: percent(completed, total) }, continueAt };
}
