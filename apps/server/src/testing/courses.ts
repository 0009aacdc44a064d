import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { courseEnrolments, courseLessons, courseSections, products, videoAssets, type CourseSectionRow } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { createVideoAsset, newVideoAssetId } from '#src/domain/courses/video/create-video-asset.ts';
import { videoOriginalKey } from '#src/domain/courses/video/video-asset-keys.ts';

/** Course rows for course tests: a course, enrolments, an ffmpeg-made test video and its asset. */
let counter = 0;

/**
 * A draft course product with sections (and lessons in each), written straight to the database.
 */
export async function seedCourse(
  t: Pick<TestApp, 'db'>,
  storeId: string,
  sections: { drip?: Pick<CourseSectionRow, 'dripKind' | 'dripDays' | 'dripDate'>; lessons: { freePreview?: boolean; videoAssetId?: string }[] }[],
  productId = newId('prd'),
) {
  const [existing] = await t.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!existing) {
    await t.db.insert(products).values({ id: productId, storeId, slug: `course-${++counter}-${productId.slice(-6)}`, type: 'course', title: `Course ${counter}`, priceMode: 'fixed', priceCents: 4900, currency: 'USD', ctaLabel: 'Enrol', status: 'draft' });
  }
  const outline: { sectionId: string; lessonIds: string[] }[] = [];
  for (const [position, section] of sections.entries()) {
    const sectionId = newId('csec');
    const drip = section.drip ?? { dripKind: 'immediately', dripDays: null, dripDate: null };
    await t.db.insert(courseSections).values({ id: sectionId, storeId, productId, title: `Section ${position + 1}`, position, ...drip });
    const lessonIds: string[] = [];
    for (const [index, lesson] of section.lessons.entries()) {
      const lessonId = newId('les');
      await t.db.insert(courseLessons).values({ id: lessonId, storeId, productId, sectionId, title: `Lesson ${index + 1}`, position: index, freePreview: lesson.freePreview ?? false, videoAssetId: lesson.videoAssetId ?? null });
      lessonIds.push(lessonId);
    }
    outline.push({ sectionId, lessonIds });
  }
  return { productId, outline };
}

export async function seedEnrolment(t: Pick<TestApp, 'db'>, options: { storeId: string; productId: string; customerId: string; enrolledAt: Date; testMode?: boolean }) {
  const id = newId('enr');
  await t.db.insert(courseEnrolments).values({ id, ...options, testMode: options.testMode ?? false });
  return id;
}

/** A test video made by ffmpeg itself (a test pattern and a tone), as an uploaded file's bytes. */
export function makeTestVideo(folder: string, options: { width: number; height: number; seconds: number }): Buffer {
  const output = join(folder, `test-${options.width}x${options.height}-${++counter}.mp4`);
  const size = `${options.width}x${options.height}`;
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25:duration=${options.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${options.seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', output,
  ]);
  return readFileSync(output);
}

/** An uploaded video: the original in storage, its row and its queued transcode job. */
export async function seedVideoAsset(t: Pick<TestApp, 'db'>, files: FileStorage, options: { storeId: string; productId: string; bytes: Buffer; now?: Date }) {
  const assetId = newVideoAssetId();
  const originalKey = videoOriginalKey(options.storeId, assetId);
  await files.put(originalKey, options.bytes);
  const created = await createVideoAsset(t.db, { storeId: options.storeId, productId: options.productId, assetId, originalKey, name: 'lesson.mp4', sizeBytes: options.bytes.length, contentType: 'video/mp4', now: options.now ?? new Date() });
  return created;
}

export async function assetRow(t: Pick<TestApp, 'db'>, assetId: string) {
  const [row] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, assetId));
  if (!row) throw new Error(`no video asset ${assetId}`);
  return row;
}
