import { unlockAllSections } from '#src/domain/courses/unlock-all-sections.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import type { Handler } from '../types.ts';
import { caller } from './course-deps.ts';

export const unlockCourseForStudent: Handler<'unlockCourseForStudent'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, ...caller(ctx) });
  const { unlockedAllAt } = await unlockAllSections(ctx.db, { storeId: store.id, enrolmentId: input.enrolmentId, now: ctx.now() });
  return { enrolmentId: input.enrolmentId, unlockedAllAt: unlockedAllAt.toISOString() };
};
