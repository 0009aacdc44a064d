import { AppError, COURSE_MESSAGES as M, type LessonView } from '@shopfront/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { courseLessons, courseSections, lessonFiles, lessonProgress, products } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { assertLessonOpen } from '../assert-lesson-open.ts';
import { findLessonAccess } from '../find-lesson-access.ts';
import { mediaLinkExpiry, mediaUrl } from '../media-tokens.ts';
import { playbackOf } from '../mint-lesson-playback.ts';

type MediaEnv = Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>;

/**
 * One lesson as the player shows it: text, playback, downloads (signed links through the course
 * media route, checked again on every request) and the student's progress. `customerId` null is
 * a storefront visitor: only a free-preview lesson of a published course opens for them. The
 * errors are assertLessonOpen's (not-found, permission-denied, failed-precondition with opensAt).
 */
export async function getLessonView(db: Database, env: MediaEnv, options: { storeId: string; lessonId: string; customerId: string | null; now: Date }): Promise<LessonView> {
  const student = options.customerId === null ? null : { customerId: options.customerId };
  const found = assertLessonOpen(await findLessonAccess(db, { storeId: options.storeId, lessonId: options.lessonId, student, now: options.now }));
  const { lesson, access, enrolment } = found;
  const viaEnrolment = access.kind === 'open' && access.via === 'enrolment' && enrolment !== null;
  if (!viaEnrolment) {
    // A visitor reads a preview only while the course is on sale: a draft's lessons are not public.
    const [product] = await db.select({ status: products.status }).from(products).where(and(eq(products.id, lesson.productId), eq(products.storeId, options.storeId)));
    if (product?.status !== 'published') throw new AppError(options.customerId === null ? 'not-found' : 'permission-denied', options.customerId === null ? M.lessonNotFound : M.notEnrolled);
  }
  const grant = viaEnrolment ? enrolment.id : 'preview';
  const files = await db.select().from(lessonFiles).where(and(eq(lessonFiles.lessonId, lesson.id), eq(lessonFiles.storeId, options.storeId))).orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
  const fileExpiry = mediaLinkExpiry(options.now, null);
  const [progress] = viaEnrolment ? await db.select().from(lessonProgress).where(and(eq(lessonProgress.enrolmentId, enrolment.id), eq(lessonProgress.lessonId, lesson.id))) : [];
  const order = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .where(and(eq(courseLessons.productId, lesson.productId), eq(courseLessons.storeId, options.storeId)))
    .orderBy(asc(courseSections.position), asc(courseSections.id), asc(courseLessons.position), asc(courseLessons.id));
  const index = order.findIndex((row) => row.id === lesson.id);
  return {
    id: lesson.id,
    productId: lesson.productId,
    sectionId: lesson.sectionId,
    title: lesson.title,
    bodyHtml: lesson.bodyHtml,
    freePreview: lesson.freePreview,
    playback: playbackOf(env, found, options.now),
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      sizeBytes: file.sizeBytes,
      contentType: file.contentType,
      url: mediaUrl(env, { storeId: options.storeId, lessonId: lesson.id, grant, path: `files/${file.id}`, expiresAt: fileExpiry }),
    })),
    progress: viaEnrolment ? { positionSeconds: progress?.positionSeconds ?? 0, completedAt: progress?.completedAt?.toISOString() ?? null } : null,
    previousLessonId: index > 0 ? order[index - 1]!.id : null,
    nextLessonId: index >= 0 && index < order.length - 1 ? order[index + 1]!.id : null,
  };
}
