import { exportMembersCsv as exportFromDb } from '#src/domain/memberships/creator/export-members-csv.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const exportMembersCsv: Handler<'exportMembersCsv'> = (input, ctx) => exportFromDb(ctx.db, { ...input, userId: creatorId(ctx) });
