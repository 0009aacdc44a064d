import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { signUpCreator } from './creator.ts';
import { callFunction } from './server.ts';

/**
 * A 1080p test video made by ffmpeg (moving test pattern at 25 fps, a tone in AAC), kept in the
 * temp folder between runs (its name says its length). 2.5 Mbit/s, so 10 minutes (≈ 190 MB) stays
 * under the 512 MB upload limit; the source's quality does not matter, its size and motion do.
 */
export function testVideo(seconds: number): { path: string; generatedSeconds: number | null } {
  const path = join(tmpdir(), `shopfront-bench-1080p-${seconds}s.mp4`);
  if (existsSync(path)) return { path, generatedSeconds: null };
  const started = performance.now();
  const partial = `${path}.partial.mp4`;
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2500k', '-maxrate', '3000k', '-bufsize', '5000k', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '96k', '-shortest', partial,
  ]);
  renameSync(partial, path);
  return { path, generatedSeconds: (performance.now() - started) / 1000 };
}

export interface BenchCourse {
  storeId: string;
  productId: string;
  lessonId: string;
  fn: (name: string, data: Record<string, unknown>) => Promise<unknown>;
  auth: Record<string, string>;
}

/** A creator's store with one free, published course of one lesson (the video is uploaded next). */
export async function seedFreeCourse(server: { url: string; publicUrl: string }): Promise<BenchCourse> {
  const email = `bench-courses-${Date.now()}@example.com`;
  const password = 'bench-password-4821';
  await signUpCreator(server.url, server.publicUrl, email, password);
  const origin = { origin: server.publicUrl };
  const signIn = (await callFunction(server.url, 'signInWithPassword', { email, password }, origin)) as { idToken: string };
  const auth = { ...origin, authorization: `Bearer ${signIn.idToken}` };
  const fn = (name: string, data: Record<string, unknown>) => callFunction(server.url, name, data, auth);
  const store = (await fn('createStoreWithTenant', { storeName: 'Bench Courses', slug: `bench-courses-${Date.now() % 100000}` })) as { id: string };
  const product = (await fn('createProduct', { storeId: store.id, type: 'course', title: 'Bench course', priceMode: 'free' })) as { id: string };
  const outline = (await fn('createCourseSection', { storeId: store.id, productId: product.id, title: 'Only section' })) as { sections: { id: string }[] };
  const lesson = (await fn('createCourseLesson', { storeId: store.id, sectionId: outline.sections[0]!.id, title: 'The long lesson' })) as { id: string };
  await fn('updateProduct', { storeId: store.id, productId: product.id, status: 'published' });
  return { storeId: store.id, productId: product.id, lessonId: lesson.id, fn, auth };
}

/** Streams the file to the lesson's video upload route, as the lesson dialog does. */
export async function uploadLessonVideo(server: { url: string }, course: BenchCourse, path: string): Promise<void> {
  const response = await fetch(`${server.url}/api/stores/${course.storeId}/courses/lessons/${course.lessonId}/video`, {
    method: 'PUT',
    headers: { ...course.auth, 'content-type': 'video/mp4', 'content-length': String(statSync(path).size), 'x-file-name': 'bench-1080p.mp4' },
    body: Readable.toWeb(createReadStream(path)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}

interface OutlineVideo {
  status: string;
  progressPercent: number;
  durationSeconds: number | null;
  error: string | null;
}

/** Polls the outline until the video is ready (or failed), printing progress every 10 %. */
export async function waitForTranscode(course: BenchCourse, log: (line: string) => void): Promise<OutlineVideo> {
  let shown = -10;
  for (;;) {
    const outline = (await course.fn('getCourseOutline', { storeId: course.storeId, productId: course.productId })) as { sections: { lessons: { video: OutlineVideo | null }[] }[] };
    const video = outline.sections[0]!.lessons[0]!.video!;
    if (video.status === 'ready' || video.status === 'failed' || video.status === 'original-only') return video;
    if (video.progressPercent >= shown + 10) {
      shown = video.progressPercent;
      log(`  ${video.status} ${video.progressPercent}%`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Bytes of every file under `folder` whose path passes `keep`, by the file's first folder (rendition). */
export function folderSizes(folder: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = join(entry.parentPath, entry.name).slice(folder.length + 1);
    const group = relative.includes('/') ? relative.split('/')[0]! : relative;
    sizes.set(group, (sizes.get(group) ?? 0) + statSync(join(entry.parentPath, entry.name)).size);
  }
  return sizes;
}
