import { AppError, MESSAGES } from '@shopfront/core';
import type { FunctionContext } from '../types.ts';

/** The signed-in creator's id (access 'creator' already ran; this narrows the type). */
export function creatorId(ctx: FunctionContext): string {
  if (ctx.caller?.kind !== 'creator') throw new AppError('unauthenticated', MESSAGES.generic.unauthenticated);
  return ctx.caller.userId;
}
