import { mediaCleanup } from '#src/domain/courses/creator/lesson-media-cleanup.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { FunctionContext } from '../types.ts';

/** What every course handler passes its domain function: the database, the clock, the caller, storage removal. */
export function courseDeps(ctx: FunctionContext) {
  return { db: ctx.db, now: ctx.now(), ...mediaCleanup(storageFromEnv(ctx.env), ctx.log) };
}

export const caller = (ctx: FunctionContext) => ({ userId: creatorId(ctx) });
