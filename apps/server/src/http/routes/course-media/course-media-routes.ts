import { posix } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { lessonFiles } from '#src/db/schema/index.ts';
import { findLessonAccess } from '#src/domain/courses/find-lesson-access.ts';
import { mediaLinkExpiry, mediaUrl, readMediaToken, type MediaToken } from '#src/domain/courses/media-tokens.ts';
import { attachmentDisposition } from '#src/domain/delivery/attachment-disposition.ts';
import { parseByteRange } from '#src/domain/delivery/parse-byte-range.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { certificateRoute } from './certificate-route.ts';
import { rewritePlaylist } from './playlist-rewrite.ts';

export interface CourseMediaRouteOptions {
  env: Env;
  db: Database;
  now: () => Date;
  /** Defaults to the configured storage. */
  files?: FileStorage;
}

export const COURSE_MEDIA_MESSAGES = {
  invalid: 'This video link is not valid.',
  expired: 'This video link has expired. Reload the lesson to keep watching.',
  revoked: 'This lesson is no longer available to you.',
  notFound: 'This video was not found.',
} as const;

const CONTENT_TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', jpg: 'image/jpeg' };

/**
 * A lesson's video (decision 042): `GET /api/course-media/<token>/<name>`. The token (media-tokens.ts)
 * names one file of one lesson for one enrolment or a free preview; an altered or expired one is
 * 403. The lesson is looked up within the token's store (another store's is 404, like a missing
 * one) and access is checked again on every file, so a refund stops playback. Playlists come back
 * with every URI replaced by its own signed link; an original-only video answers byte ranges.
 */
export async function courseMediaRoutes(app: FastifyInstance, options: CourseMediaRouteOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  await certificateRoute(app, { db, now: options.now });

  // A wildcard: a token is longer than Fastify's 100-character parameter limit.
  app.get<{ Params: { '*': string } }>('/api/course-media/*', async (request, reply) => {
    const now = options.now();
    const [value = '', name, ...rest] = request.params['*'].split('/');
    const token = name !== undefined && rest.length === 0 ? readMediaToken(env, value, now) : null;
    if (token === 'expired') return message(reply, 403, COURSE_MEDIA_MESSAGES.expired);
    if (token === null || name !== posix.basename(token.path)) return message(reply, 403, COURSE_MEDIA_MESSAGES.invalid);
    const student = token.grant === 'preview' ? null : { enrolmentId: token.grant };
    const found = await findLessonAccess(db, { storeId: token.storeId, lessonId: token.lessonId, student, now });
    if (!found) return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);
    const expected = token.grant === 'preview' ? 'free-preview' : 'enrolment';
    if (found.access.kind !== 'open' || found.access.via !== expected) return message(reply, 403, COURSE_MEDIA_MESSAGES.revoked);
    if (token.path.startsWith('files/')) return sendLessonFile(reply, files, db, { storeId: token.storeId, lessonId: token.lessonId, fileId: posix.basename(token.path) });
    const asset = found.asset;
    if (!asset) return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);

    if (token.path === 'original') {
      if (asset.status !== 'original-only') return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);
      return sendOriginal(reply, files, { key: asset.originalKey, size: asset.originalSizeBytes, contentType: asset.originalContentType, range: request.headers.range });
    }
    if (asset.status !== 'ready' || !asset.hlsPrefix) return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);
    const key = `${asset.hlsPrefix}/${token.path}`;
    const type = CONTENT_TYPES[token.path.split('.').pop()!]!;
    if (token.path.endsWith('.m3u8')) {
      const playlist = await files.get(key);
      if (!playlist) return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);
      const expiresAt = mediaLinkExpiry(now, asset.durationSeconds);
      const sign = (path: string) => mediaUrl(env, { ...token, path, expiresAt } satisfies MediaToken);
      return headers(reply).type(type).send(rewritePlaylist(playlist.toString('utf8'), token.path, sign));
    }
    const stored = await files.getStream(key);
    if (!stored) return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);
    return headers(reply).type(type).header('content-length', String(stored.sizeBytes)).send(stored.stream);
  });
}

/** A lesson's download, looked up within the token's lesson and store (SECURITY "Downloads": attachment, never a client path). */
async function sendLessonFile(reply: FastifyReply, files: FileStorage, db: Database, ref: { storeId: string; lessonId: string; fileId: string }) {
  const [file] = await db
    .select()
    .from(lessonFiles)
    .where(and(eq(lessonFiles.id, ref.fileId), eq(lessonFiles.lessonId, ref.lessonId), eq(lessonFiles.storeId, ref.storeId)));
  const stored = file ? await files.getStream(file.storageKey) : null;
  if (!file || !stored) return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);
  return headers(reply)
    .type('application/octet-stream')
    .header('content-disposition', attachmentDisposition(file.name))
    .header('content-length', String(stored.sizeBytes))
    .send(stored.stream);
}

async function sendOriginal(reply: FastifyReply, files: FileStorage, file: { key: string; size: number; contentType: string; range: string | undefined }) {
  const plan = parseByteRange(file.range, file.size);
  headers(reply).header('accept-ranges', 'bytes');
  if (plan.kind === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : undefined;
  const stored = await files.getStream(file.key, range);
  if (!stored) return message(reply, 404, COURSE_MEDIA_MESSAGES.notFound);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  // Only a video type is echoed: the stored type came from the upload, and nosniff holds the rest.
  const type = /^video\/[a-z0-9.+-]+$/.test(file.contentType) ? file.contentType : 'application/octet-stream';
  return reply.type(type).header('content-length', String(range ? range.end - range.start + 1 : file.size)).send(stored.stream);
}

/**
 * Links carry the token, so nothing is cached or leaks a Referer. Any origin may read (the token,
 * not a cookie, is the credential), so the members area plays from a custom domain too.
 */
function headers(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('access-control-allow-origin', '*');
}

function message(reply: FastifyReply, status: number, text: string): FastifyReply {
  return headers(reply).code(status).type('text/plain; charset=utf-8').send(text);
}
