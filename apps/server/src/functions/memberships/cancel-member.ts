import { cancelMember as cancelInDb } from '#src/domain/memberships/creator/cancel-member.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const cancelMember: Handler<'cancelMember'> = (input, ctx) => cancelInDb({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, userId: creatorId(ctx) });
