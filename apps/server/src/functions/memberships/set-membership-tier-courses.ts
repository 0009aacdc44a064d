import { setMembershipTierCourses as setInDb } from '#src/domain/memberships/creator/set-membership-tier-courses.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const setMembershipTierCourses: Handler<'setMembershipTierCourses'> = (input, ctx) =>
  setInDb({ db: ctx.db, now: ctx.now() }, { userId: creatorId(ctx), ...input });
