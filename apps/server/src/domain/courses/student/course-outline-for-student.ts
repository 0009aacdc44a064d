import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseLessons, courseSections, lessonProgress, videoAssets, type CourseEnrolmentRow } from '#src/db/schema/index.ts';
import { sectionOpensAt } from '../drip.ts';
import { summariseCourseProgress } from '../progress-rules.ts';

/**
 * A course's sections and lessons for one enrolment, with what the student may open at `now`
 * (the store's test-clock time for test-mode enrolments), their progress, and where to continue.
 */
export async function courseOutlineForStudent(db: Executor, enrolment: CourseEnrolmentRow, now: Date) {
  const sections = await db
    .select()
    .from(courseSections)
    .where(and(eq(courseSections.productId, enrolment.productId), eq(courseSections.storeId, enrolment.storeId)))
    .orderBy(asc(courseSections.position), asc(courseSections.id));
  const lessons = await db
    .select({ id: courseLessons.id, sectionId: courseLessons.sectionId, title: courseLessons.title, freePreview: courseLessons.freePreview, videoAssetId: courseLessons.videoAssetId, embedUrl: courseLessons.embedUrl })
    .from(courseLessons)
    .where(and(eq(courseLessons.productId, enrolment.productId), eq(courseLessons.storeId, enrolment.storeId)))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  const assetIds = lessons.flatMap((lesson) => (lesson.videoAssetId ? [lesson.videoAssetId] : []));
  const durations = assetIds.length
    ? await db.select({ id: videoAssets.id, durationSeconds: videoAssets.durationSeconds }).from(videoAssets).where(and(inArray(videoAssets.id, assetIds), eq(videoAssets.storeId, enrolment.storeId)))
    : [];
  const durationOf = new Map(durations.map((row) => [row.id, row.durationSeconds]));
  const rows = await db
    .select({ lessonId: lessonProgress.lessonId, positionSeconds: lessonProgress.positionSeconds, completedAt: lessonProgress.completedAt, updatedAt: lessonProgress.updatedAt })
    .from(lessonProgress)
    .where(eq(lessonProgress.enrolmentId, enrolment.id));
  const progressOf = new Map(rows.map((row) => [row.lessonId, row]));
  const outline = sections.map((section) => ({ id: section.id, lessonIds: lessons.filter((lesson) => lesson.sectionId === section.id).map((lesson) => lesson.id) }));
  const summary = summariseCourseProgress(outline, rows);
  const live = enrolment.endedAt === null || enrolment.endedAt.getTime() > now.getTime();
  return {
    summary,
    sections: sections.map((section, index) => {
      const opensAt = sectionOpensAt(section, enrolment);
      const open = live && opensAt.getTime() <= now.getTime();
      const stats = summary.sections[index]!;
      return {
        id: section.id,
        title: section.title,
        open,
        opensAt: opensAt.toISOString(),
        progress: { completed: stats.completed, total: stats.total, percent: stats.percent },
        lessons: lessons
          .filter((lesson) => lesson.sectionId === section.id)
          .map((lesson) => {
            const mine = progressOf.get(lesson.id);
            const readable = open || lesson.freePreview;
            return {
              id: lesson.id,
              title: lesson.title,
              freePreview: lesson.freePreview,
              state: readable ? ('open' as const) : ('locked' as const),
              opensAt: readable ? null : opensAt.toISOString(),
              media: lesson.videoAssetId ? ('video' as const) : lesson.embedUrl ? ('embed' as const) : ('none' as const),
              durationSeconds: lesson.videoAssetId ? (durationOf.get(lesson.videoAssetId) ?? null) : null,
              completed: Boolean(mine?.completedAt),
              positionSeconds: mine?.positionSeconds ?? 0,
            };
          }),
      };
    }),
  };
}
