import { parseEmbedUrl } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { assertLessonOpen } from './assert-lesson-open.ts';
import { findLessonAccess, type FoundLesson } from './find-lesson-access.ts';
import { MASTER_LINK_TTL_MS, mediaLinkExpiry, mediaUrl } from './media-tokens.ts';

export type LessonPlayback =
  | { kind: 'hls'; masterUrl: string; posterUrl: string | null; durationSeconds: number | null }
  /** ffmpeg is missing: the original file, played with Range requests (the dashboard says so). */
  | { kind: 'original'; url: string; contentType: string }
  | { kind: 'processing'; percent: number }
  | { kind: 'failed' }
  | { kind: 'embed'; embedUrl: string }
  | { kind: 'none' };

/**
 * What the lesson player loads, for an enrolled student (`customerId`) or a visitor of a free
 * preview (null). The links are signed for this student's enrolment (or the preview) and expire
 * (media-tokens.ts); the errors are assertLessonOpen's.
 */
export async function mintLessonPlayback(
  db: Database,
  env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>,
  options: { storeId: string; lessonId: string; customerId: string | null; now: Date },
): Promise<LessonPlayback> {
  const student = options.customerId === null ? null : { customerId: options.customerId };
  const found = assertLessonOpen(await findLessonAccess(db, { storeId: options.storeId, lessonId: options.lessonId, student, now: options.now }));
  return playbackOf(env, found, options.now);
}

/** The playback of a lesson already found open (assertLessonOpen), with links signed for its grant. */
export function playbackOf(env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>, found: FoundLesson, now: Date): LessonPlayback {
  const options = { storeId: found.lesson.storeId, now };
  const { lesson, asset, access, enrolment } = found;
  const grant = access.kind === 'open' && access.via === 'enrolment' && enrolment ? enrolment.id : 'preview';
  // Links expire on the real clock: the test clock moves access, not link lifetimes.
  const link = (path: string, expiresAt: number) => mediaUrl(env, { storeId: options.storeId, lessonId: lesson.id, grant, path, expiresAt });
  if (lesson.embedUrl) {
    const embed = parseEmbedUrl(lesson.embedUrl);
    return embed ? { kind: 'embed', embedUrl: embed.embedUrl } : { kind: 'none' };
  }
  if (!asset) return { kind: 'none' };
  switch (asset.status) {
    case 'ready': {
      const masterExpiry = options.now.getTime() + MASTER_LINK_TTL_MS;
      return {
        kind: 'hls',
        masterUrl: link('master.m3u8', masterExpiry),
        posterUrl: asset.posterKey ? link('poster.jpg', mediaLinkExpiry(options.now, asset.durationSeconds)) : null,
        durationSeconds: asset.durationSeconds,
      };
    }
    case 'original-only':
      return { kind: 'original', url: link('original', mediaLinkExpiry(options.now, asset.durationSeconds)), contentType: asset.originalContentType };
    case 'failed':
      return { kind: 'failed' };
    default:
      return { kind: 'processing', percent: asset.progressPercent };
  }
}
