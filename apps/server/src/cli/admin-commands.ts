import { AppError } from '@shopfront/core';
import type { Database } from '../db/client.ts';
import { CLI_ACTOR } from '../domain/admin/admin-audit.ts';
import { findAdmins } from '../domain/admin/find-admins.ts';
import { grantAdmin } from '../domain/admin/grant-admin.ts';
import { revokeAdmin } from '../domain/admin/revoke-admin.ts';
import { setUserPlan } from '../domain/admin/set-user-plan.ts';
import { ADMIN_USAGE, CommandError, type AdminCommand } from './admin-args.ts';
import { onOff, setFeatureFlag } from '../domain/admin/set-feature-flag.ts';
import { setMaintenance } from '../domain/admin/set-maintenance.ts';
import { resumeStoreEmail } from '../domain/admin/resume-store-email.ts';
import { resetUserMfa } from '../domain/admin/reset-user-mfa.ts';
import { rebuildStoreAnalytics } from '../domain/analytics/ingest/rebuild-store-analytics.ts';
import { exportStore } from '../domain/admin/export-store.ts';

/** Runs one parsed command and returns what to print; refusals throw CommandError. */
export async function runAdminCommand(command: AdminCommand, deps: { db: Database; now: Date; publicUrl: string }): Promise<string> {
  const { db, now } = deps;
  try {
    switch (command.name) {
      case 'help':
        return ADMIN_USAGE;
      case 'grant': {
        const { user, changed } = await grantAdmin({ db, target: { email: command.email }, actorId: CLI_ACTOR, reason: command.reason, now });
        return changed ? `${user.email} is now an admin (recorded in the admin audit log).` : `${user.email} is already an admin; nothing changed.`;
      }
      case 'revoke': {
        const { user, changed } = await revokeAdmin({ db, target: { email: command.email }, actorId: CLI_ACTOR, reason: command.reason, now });
        return changed ? `${user.email} is no longer an admin (recorded in the admin audit log).` : `${user.email} is not an admin; nothing changed.`;
      }
      case 'plan': {
        const target = { email: command.email };
        const result = await setUserPlan({ db, target, planId: command.planId, actorId: CLI_ACTOR, reason: command.reason, now });
        return result.changed
          ? `${result.user.email} is now on the ${command.planId} plan (was ${result.previousPlanId}; recorded in the admin audit log).`
          : `${result.user.email} is already on the ${command.planId} plan; nothing changed.`;
      }
      case 'flag': {
        const { flag, enabled, reason } = command;
        const result = await setFeatureFlag({ db, name: flag, enabled, actorId: CLI_ACTOR, reason, now });
        return result.changed
          ? `${flag} is now ${onOff(enabled)} (was ${onOff(result.previous)}; recorded in the admin audit log).`
          : `${flag} is already ${onOff(enabled)}; nothing changed.`;
      }
      case 'maintenance': {
        const { enabled, message, endsAt, reason } = command;
        const config = await setMaintenance({ db, enabled, message, endsAt, actorId: CLI_ACTOR, reason, now });
        if (!enabled) return 'Maintenance is off: signups are open again (recorded in the admin audit log).';
        const until = config.endsAt ? ` until ${config.endsAt}` : '';
        return `Maintenance is on${until}: signups are refused, sign-in keeps working (recorded in the admin audit log).`;
      }
      case 'email-resume': {
        const { store, changed } = await resumeStoreEmail({ db, slug: command.slug, actorId: CLI_ACTOR, reason: command.reason, now });
        return changed
          ? `${store.slug} can send email again (recorded in the admin audit log). Its complaint history stays: the next complaint over the threshold pauses it again.`
          : `${store.slug} is not paused; nothing changed.`;
      }
      case 'reset-2fa': {
        const { user, changed } = await resetUserMfa({ db, env: deps, target: { email: command.email }, actorId: CLI_ACTOR, reason: command.reason, now });
        return changed
          ? `${user.email}: two-step verification and recovery codes removed, every session ended, owner emailed (recorded in the admin audit log).`
          : `${user.email} has no two-step verification; nothing changed.`;
      }
      case 'analytics-rebuild': {
        const { rollupRows } = await rebuildStoreAnalytics(db, command.slug);
        return `${command.slug}: analytics rollups rebuilt from its raw events (${rollupRows} rollup rows).`;
      }
      case 'export-store':
        return JSON.stringify(await exportStore(db, { slug: command.slug, now }), null, 2);
      case 'backup':
      case 'restore':
        throw new Error(`${command.name} runs in admin.ts: it needs the pool and the file storage`);
      case 'list': {
        const admins = await findAdmins({ db });
        if (admins.length === 0) return 'No admins yet. Make one with: npm run admin -- grant <email>';
        return [`Admins (${admins.length}):`, ...admins.map((admin) => `  ${admin.email}  ${admin.id}`)].join('\n');
      }
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found' && 'email' in command) {
      throw new CommandError(`No user with the email "${command.email}". They need to sign up first.`);
    }
    if (error instanceof AppError && error.code !== 'internal') throw new CommandError(error.message);
    throw error;
  }
}
