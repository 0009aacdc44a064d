import { AppError, MESSAGES } from '@shopfront/core';
import { sendAutomationStepTest as sendInDb } from '#src/domain/automations/send-automation-step-test.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** To the signed-in creator's own address only, never one the request names. */
export const sendAutomationStepTest: Handler<'sendAutomationStepTest'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  if (ctx.caller?.kind !== 'creator') throw new AppError('unauthenticated', MESSAGES.generic.unauthenticated);
  return sendInDb(ctx.db, {
    store,
    automationId: input.automationId,
    stepId: input.step,
    to: ctx.caller.user.email,
    platformFrom: ctx.env.email.from,
    publicUrl: ctx.env.publicUrl,
    now: ctx.now(),
  });
};
