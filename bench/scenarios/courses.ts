import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { cpuMicros } from '../lib/cpu.ts';
import { folderSizes, seedFreeCourse, testVideo, uploadLessonVideo, waitForTranscode, type BenchCourse } from '../lib/course-video.ts';
import { connectionStringOf } from '../lib/database.ts';
import { HlsStudent, masterLink, type SegmentTiming } from '../lib/hls-students.ts';
import { callFunction, startServer } from '../lib/server.ts';
import { percentile } from './bookings-rush.ts';
import type { Scenario } from './types.ts';

/**
 * Courses (docs/courses.md "Bench"), on its own server (CHECK_FUNCTION_OUTPUT=off):
 * 1. Transcode: a `BENCH_COURSE_VIDEO_SECONDS` (600) 1080p ffmpeg test video is uploaded to a
 *    lesson through the upload route and made streamable by the `transcode-video` job (poster,
 *    360p/720p/1080p HLS); timed from the upload's answer to `ready` in the outline, with the
 *    ratio to the video's length and the size of each rendition.
 * 2. Streaming: `BENCH_COURSE_STUDENTS` (200) students enrolled by free checkouts, each playing the
 *    720p rendition through their own signed links (master playlist, rendition playlist, segments)
 *    on a connection of their own. Paced: each fetches 3 segments ahead, then one every segment
 *    length (4 s), as a player at 1× does, for `BENCH_COURSE_STREAM_SECONDS` (40); then a burst:
 *    every student fetches segments back to back for 15 s (everyone seeking at once). Prints
 *    segment p50/p99 (first and last byte), throughput, errors, and the server's CPU (user +
 *    system of the Node process, in cores) over each phase.
 */
const VIDEO_SECONDS = Number(process.env.BENCH_COURSE_VIDEO_SECONDS ?? 600);
const STUDENTS = Number(process.env.BENCH_COURSE_STUDENTS ?? 200);
const STREAM_SECONDS = Number(process.env.BENCH_COURSE_STREAM_SECONDS ?? 40);
const BURST_SECONDS = 15;
const SEGMENT_SECONDS = 4;
const MB = 1024 * 1024;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function assetFolder(dataDir: string, storeId: string): string {
  const videos = readdirSync(dataDir, { recursive: true, withFileTypes: true }).find((entry) => entry.isDirectory() && join(entry.parentPath, entry.name).endsWith(join(storeId, 'courses', 'videos')));
  if (!videos) throw new Error('the video folder is not in DATA_DIR (is storage local?)');
  const root = join(videos.parentPath, videos.name);
  return join(root, readdirSync(root)[0]!);
}

async function enrolStudents(server: { url: string; publicUrl: string }, course: BenchCourse, db: pg.Client): Promise<string[]> {
  const origin = { origin: server.publicUrl };
  for (let start = 0; start < STUDENTS; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, STUDENTS - start) }, (_, i) =>
        callFunction(server.url, 'createCheckout', { storeId: course.storeId, productId: course.productId, name: `Student ${start + i}`, email: `student-${start + i}-${randomUUID().slice(0, 8)}@example.com`, idempotencyKey: randomUUID() }, origin),
      ),
    );
  }
  const { rows } = await db.query<{ id: string }>('SELECT id FROM course_enrolments WHERE product_id = $1 AND ended_at IS NULL', [course.productId]);
  if (rows.length !== STUDENTS) throw new Error(`${rows.length} enrolments, expected ${STUDENTS}`);
  return rows.map((row) => row.id);
}

function summary(label: string, timings: SegmentTiming[], seconds: number, cpuSeconds: number): void {
  const ok = timings.filter((t) => t.status === 200);
  const bytes = ok.reduce((sum, t) => sum + t.bytes, 0);
  console.log(
    `| ${label} | ${ok.length} | ${timings.length - ok.length} | ${percentile(ok.map((t) => t.firstByteMs), 50)} / ${percentile(ok.map((t) => t.firstByteMs), 99)} | ` +
      `${percentile(ok.map((t) => t.lastByteMs), 50)} / ${percentile(ok.map((t) => t.lastByteMs), 99)} | ${(ok.length / seconds).toFixed(1)} | ${(bytes / MB / seconds).toFixed(1)} | ${(cpuSeconds / seconds).toFixed(2)} | ${ok.length ? Math.round((cpuSeconds * 1e6) / ok.length) : 'n/a'} |`,
  );
}

async function stream(students: HlsStudent[], pid: number, label: string, paced: boolean, seconds: number): Promise<void> {
  const timings: SegmentTiming[] = [];
  const cpuBefore = cpuMicros(pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    students.map(async (student, n) => {
      // Players start over the first segment's length, not all in the same millisecond.
      if (paced) await sleep((n / students.length) * SEGMENT_SECONDS * 1000);
      const began = performance.now();
      for (let index = 0; performance.now() < deadline; index += 1) {
        timings.push(await student.segment(index + n));
        if (!paced || index < 2) continue;
        const due = began + (index - 1) * SEGMENT_SECONDS * 1000;
        if (due > performance.now()) await sleep(Math.max(0, Math.min(due, deadline) - performance.now()));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  summary(label, timings, elapsed, (cpuMicros(pid) - cpuBefore) / 1e6);
}

export const courses: Scenario = {
  name: 'courses',
  async run() {
    console.log(`\n## Courses (${uptime()})`);
    const source = testVideo(VIDEO_SECONDS);
    if (source.generatedSeconds !== null) console.log(`generated the ${VIDEO_SECONDS} s 1080p source in ${source.generatedSeconds.toFixed(0)} s`);
    const server = await startServer({ CHECK_FUNCTION_OUTPUT: 'off' });
    const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
    const students: HlsStudent[] = [];
    try {
      await db.connect();
      const course = await seedFreeCourse(server);

      // 1. Transcode, as the lesson dialog starts it.
      const uploadStarted = performance.now();
      await uploadLessonVideo(server, course, source.path);
      const uploaded = performance.now();
      const cpuBefore = cpuMicros(server.pid!);
      const video = await waitForTranscode(course, (line) => console.log(line));
      const transcodeSeconds = (performance.now() - uploaded) / 1000;
      if (video.status !== 'ready') throw new Error(`the video ended ${video.status}: ${video.error}`);
      const folder = assetFolder(server.dataDir, course.storeId);
      const hls = readdirSync(folder).find((name) => name.startsWith('hls-'))!;
      const sizes = folderSizes(join(folder, hls));
      const original = statSync(join(folder, 'original')).size;
      const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
      console.log(`\n### Transcode (${uptime()})\n`);
      console.log(`source: ${VIDEO_SECONDS} s 1080p25, ${(original / MB).toFixed(1)} MB; upload ${((uploaded - uploadStarted) / 1000).toFixed(1)} s`);
      console.log(`upload answered → ready: ${transcodeSeconds.toFixed(1)} s = ${(transcodeSeconds / VIDEO_SECONDS).toFixed(2)}× real time (${(VIDEO_SECONDS / transcodeSeconds).toFixed(2)}× speed); server process CPU meanwhile ${((cpuMicros(server.pid!) - cpuBefore) / 1e6).toFixed(0)} s (ffmpeg is a child, not counted)`);
      console.log(`output ${(total / MB).toFixed(1)} MB (${((total / original) * 100).toFixed(0)} % of the source): ${[...sizes].map(([name, size]) => `${name} ${(size / MB).toFixed(1)} MB`).join(', ')}`);

      // 2. Streaming.
      const enrolments = await enrolStudents(server, course, db);
      let segmentCount = 0;
      for (const enrolmentId of enrolments) {
        const student = new HlsStudent(new URL(server.url));
        students.push(student);
        segmentCount = await student.open(masterLink({ publicUrl: server.publicUrl, dataDir: server.dataDir, storeId: course.storeId, lessonId: course.lessonId, enrolmentId }), '720p');
      }
      console.log(`\n### ${STUDENTS} students streaming 720p (${segmentCount} segments of ${SEGMENT_SECONDS} s each) from one server (${uptime()})\n`);
      console.log('| phase | segments | failed | first byte p50 / p99 ms | last byte p50 / p99 ms | segments/s | MB/s | server CPU (cores) | CPU µs per segment |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
      await stream(students, server.pid!, `paced at 1× for ${STREAM_SECONDS} s`, true, STREAM_SECONDS);
      await stream(students, server.pid!, `back to back for ${BURST_SECONDS} s`, false, BURST_SECONDS);
      console.log(`\n(${uptime()})`);
      return { title: 'Courses: every row printed above', rows: [] };
    } finally {
      for (const student of students) student.close();
      await db.end();
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  },
};
