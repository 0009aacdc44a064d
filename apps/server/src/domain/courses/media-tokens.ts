// Exports signMediaToken, readMediaToken, mediaUrl and mediaLinkExpiry: the signed, expiring links a
// lesson's video is played through (decision 042). One module: they share the key and the format.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '#src/env.ts';
import { deriveKey } from '#src/identity/app-secret.ts';

/**
 * One file of one lesson's video, for one student (`grant` is their enrolment id) or for any
 * visitor of a free preview (`grant` = `preview`), until `expiresAt` (ms). The route still looks
 * the lesson up within the store and checks the grant again, so a refund ends playback at once.
 */
export interface MediaToken {
  storeId: string;
  lessonId: string;
  grant: string;
  /**
   * Relative to the asset: `master.m3u8`, `720p/index.m3u8`, `720p/seg_0003.ts`, `poster.jpg`, `original`;
   * or one of the lesson's downloads, `files/<lesson file id>`.
   */
  path: string;
  expiresAt: number;
}

type KeyEnv = Pick<Env, 'appSecret' | 'dataDir'>;

export const MEDIA_PATH = /^(?:master\.m3u8|poster\.jpg|original|\d{3,4}p\/(?:index\.m3u8|seg_\d{4,6}\.ts)|files\/lfile_[0-9a-z]{20})$/;
const ID = /^[a-z]+_[a-z0-9]{20}$/;
/** The master playlist's link is fetched once, as the lesson opens. */
export const MASTER_LINK_TTL_MS = 10 * 60_000;
const MIN_FILE_LINK_MS = 30 * 60_000;
const MAX_FILE_LINK_MS = 6 * 60 * 60_000;

function sign(env: KeyEnv, body: string): string {
  return createHmac('sha256', deriveKey(env, 'course-media')).update(body).digest('base64url');
}

export function signMediaToken(env: KeyEnv, token: MediaToken): string {
  const body = Buffer.from(['m', token.storeId, token.lessonId, token.grant, token.path, token.expiresAt].join('|'), 'utf8').toString('base64url');
  return `${body}.${sign(env, body)}`;
}

/** Null when malformed or altered; `expired` when it was ours but is too old. */
export function readMediaToken(env: KeyEnv, value: string, now: Date): MediaToken | 'expired' | null {
  const match = /^([A-Za-z0-9_-]{8,600})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, body, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(env, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [kind, storeId, lessonId, grant, path, expires, ...rest] = Buffer.from(body, 'base64url').toString('utf8').split('|');
  const valid = kind === 'm' && rest.length === 0 && ID.test(storeId ?? '') && ID.test(lessonId ?? '') && (grant === 'preview' || ID.test(grant ?? '')) && MEDIA_PATH.test(path ?? '') && /^\d{1,15}$/.test(expires ?? '');
  if (!valid) return null;
  const token = { storeId: storeId!, lessonId: lessonId!, grant: grant!, path: path!, expiresAt: Number(expires) };
  return token.expiresAt <= now.getTime() ? 'expired' : token;
}

/**
 * The link of one file: `/api/course-media/<token>/<file name>` (the name is only there so a
 * player or a download sees `index.m3u8`, `seg_0003.ts`; the route checks it matches).
 */
export function mediaUrl(env: KeyEnv & Pick<Env, 'publicUrl'>, token: MediaToken): string {
  const name = token.path.split('/').pop()!;
  return `${env.publicUrl.replace(/\/$/, '')}/api/course-media/${signMediaToken(env, token)}/${name}`;
}

/**
 * How long the links inside a playlist (and an original file's link) last: long enough to watch
 * the video through once with pauses (its length plus 30 minutes, at least 30 minutes, at most
 * six hours), so a shared link stops working soon after. A player whose links expired reloads the
 * lesson and gets new ones.
 */
export function mediaLinkExpiry(now: Date, durationSeconds: number | null): number {
  const wanted = durationSeconds === null ? MAX_FILE_LINK_MS : durationSeconds * 1000 + MIN_FILE_LINK_MS;
  return now.getTime() + Math.min(MAX_FILE_LINK_MS, Math.max(MIN_FILE_LINK_MS, wanted));
}
