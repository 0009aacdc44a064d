// Exports loadCourseOutline and the reads it shares with the lesson and students views (sections, lessons, completions, drip and video shapes).
import type { CourseOutline, Drip, OutlineLesson } from '@shopfront/core';
import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseEnrolments, courseLessons, courseSections, courseSettings, lessonFiles, lessonProgress, videoAssets, type CourseLessonRow, type CourseSectionRow, type ProductRow, type VideoAssetRow } from '#src/db/schema/index.ts';

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 100) / whole));

export function dripOf(section: Pick<CourseSectionRow, 'dripKind' | 'dripDays' | 'dripDate'>): Drip {
  if (section.dripKind === 'after-days') return { kind: 'after-days', days: section.dripDays ?? 1 };
  if (section.dripKind === 'on-date') return { kind: 'on-date', date: (section.dripDate ?? new Date(0)).toISOString() };
  return { kind: 'immediately' };
}

export function lessonVideoView(asset: VideoAssetRow | null | undefined): OutlineLesson['video'] {
  if (!asset) return null;
  return {
    assetId: asset.id,
    name: asset.originalName,
    sizeBytes: asset.originalSizeBytes,
    status: asset.status,
    progressPercent: asset.progressPercent,
    durationSeconds: asset.durationSeconds,
    error: asset.error,
  };
}

export async function findCourseSections(db: Executor, productId: string) {
  return db.select().from(courseSections).where(eq(courseSections.productId, productId)).orderBy(asc(courseSections.position), asc(courseSections.id));
}

export async function findCourseLessons(db: Executor, productId: string): Promise<CourseLessonRow[]> {
  return db.select().from(courseLessons).where(eq(courseLessons.productId, productId)).orderBy(asc(courseLessons.position), asc(courseLessons.id));
}

/** Per lesson of the course: how many live students completed it, and how many live students there are. */
export async function courseCompletions(db: Executor, productId: string): Promise<{ students: number; completedByLesson: Map<string, number> }> {
  const live = and(eq(courseEnrolments.productId, productId), isNull(courseEnrolments.endedAt));
  const [students] = await db.select({ n: count() }).from(courseEnrolments).where(live);
  const rows = await db
    .select({ lessonId: lessonProgress.lessonId, n: count() })
    .from(lessonProgress)
    .innerJoin(courseEnrolments, eq(courseEnrolments.id, lessonProgress.enrolmentId))
    .where(and(live, isNotNull(lessonProgress.completedAt)))
    .groupBy(lessonProgress.lessonId);
  return { students: students?.n ?? 0, completedByLesson: new Map(rows.map((row) => [row.lessonId, row.n])) };
}

/** The course's outline as its creator edits it: sections in order with their drip and lessons. */
export async function loadCourseOutline(db: Executor, product: ProductRow): Promise<CourseOutline> {
  const [sections, lessons] = await Promise.all([findCourseSections(db, product.id), findCourseLessons(db, product.id)]);
  const assetIds = lessons.flatMap((lesson) => (lesson.videoAssetId ? [lesson.videoAssetId] : []));
  const lessonIds = lessons.map((lesson) => lesson.id);
  const [assets, fileCounts, completions] = await Promise.all([
    assetIds.length ? db.select().from(videoAssets).where(and(inArray(videoAssets.id, assetIds), eq(videoAssets.storeId, product.storeId))) : Promise.resolve([]),
    lessonIds.length ? db.select({ lessonId: lessonFiles.lessonId, n: count() }).from(lessonFiles).where(inArray(lessonFiles.lessonId, lessonIds)).groupBy(lessonFiles.lessonId) : Promise.resolve([]),
    courseCompletions(db, product.id),
  ]);
  const assetById = new Map(assets.map((asset) => [asset.id, asset]));
  const filesByLesson = new Map(fileCounts.map((row) => [row.lessonId, row.n]));
  const view = (lesson: CourseLessonRow): OutlineLesson => ({
    id: lesson.id,
    sectionId: lesson.sectionId,
    title: lesson.title,
    position: lesson.position,
    freePreview: lesson.freePreview,
    video: lessonVideoView(lesson.videoAssetId ? assetById.get(lesson.videoAssetId) : null),
    embedUrl: lesson.embedUrl,
    fileCount: filesByLesson.get(lesson.id) ?? 0,
    completionPercent: percentOf(completions.completedByLesson.get(lesson.id) ?? 0, completions.students),
  });
  return {
    productId: product.id,
    title: product.title,
    status: product.status,
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      position: section.position,
      drip: dripOf(section),
      lessons: lessons.filter((lesson) => lesson.sectionId === section.id).map(view),
    })),
    lessonCount: lessons.length,
    studentCount: completions.students,
    certificateEnabled: await certificateEnabled(db, product),
  };
}

/** The course's certificate switch (course_settings; no row: off). */
export async function certificateEnabled(db: Executor, product: Pick<ProductRow, 'id' | 'storeId'>): Promise<boolean> {
  const [row] = await db
    .select({ enabled: courseSettings.certificateEnabled })
    .from(courseSettings)
    .where(and(eq(courseSettings.productId, product.id), eq(courseSettings.storeId, product.storeId)));
  return row?.enabled ?? false;
}

export { percentOf };
