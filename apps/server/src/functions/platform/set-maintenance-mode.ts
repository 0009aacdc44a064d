import { setMaintenance } from '#src/domain/admin/set-maintenance.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Maintenance on (message, optional end time) or off; the domain path the CLI shares. */
export const setMaintenanceMode: Handler<'setMaintenanceMode'> = (input, ctx) =>
  setMaintenance({
    db: ctx.db,
    enabled: input.enabled,
    message: input.message ?? null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    actorId: creatorId(ctx),
    reason: input.reason || null,
    now: ctx.now(),
  });
