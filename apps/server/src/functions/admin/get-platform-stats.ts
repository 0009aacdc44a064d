import { getPlatformStats as stats } from '#src/domain/admin/get-platform-stats.ts';
import type { Handler } from '../types.ts';

/** The admin home's numbers. */
export const getPlatformStats: Handler<'getPlatformStats'> = (_input, ctx) => stats({ db: ctx.db, now: ctx.now() });
