import { getRecoveryCodeStatus as getStatus } from '#src/domain/auth/recovery-codes.ts';
import type { Handler } from '../types.ts';
import { creatorId } from './creator-id.ts';

export const getRecoveryCodeStatus: Handler<'getRecoveryCodeStatus'> = (_input, ctx) => getStatus({ db: ctx.db, userId: creatorId(ctx) });
