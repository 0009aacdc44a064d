import { listMembers as listInDb } from '#src/domain/memberships/creator/list-members.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listMembers: Handler<'listMembers'> = (input, ctx) => listInDb(ctx.db, { ...input, userId: creatorId(ctx) });
