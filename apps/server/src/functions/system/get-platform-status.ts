import { getPlatformStatus as readPlatformStatus } from '#src/domain/platform/get-platform-status.ts';
import type { Handler } from '../types.ts';

export const getPlatformStatus: Handler<'getPlatformStatus'> = (_input, ctx) => readPlatformStatus({ db: ctx.db, now: ctx.now(), flags: ctx.featureFlags });
