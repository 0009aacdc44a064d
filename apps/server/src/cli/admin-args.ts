import { isPlanId, PLAN_IDS, type PlanId } from '@shopfront/core';
import { parseArgs } from 'node:util';
import { unknownPlanMessage } from '../domain/admin/set-user-plan.ts';
import { FLAG_NAMES, isFlagName, unknownFlagMessage, type FlagName } from '../domain/admin/set-feature-flag.ts';

export type AdminCommand =
  | { name: 'grant' | 'revoke'; email: string; reason: string | null }
  | { name: 'plan'; email: string; planId: PlanId; reason: string | null }
  | { name: 'flag'; flag: FlagName; enabled: boolean; reason: string | null }
  | { name: 'maintenance'; enabled: boolean; message: string | null; endsAt: Date | null; reason: string | null }
  | { name: 'email-resume'; slug: string; reason: string | null }
  | { name: 'reset-2fa'; email: string; reason: string }
  | { name: 'analytics-rebuild'; slug: string }
  | { name: 'export-store'; slug: string }
  | { name: 'list' }
  | { name: 'backup'; file: string }
  | { name: 'restore'; file: string; force: boolean }
  | { name: 'help' };

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  grant <email> [--reason "…"]     make a user an admin
  revoke <email> [--reason "…"]    take admin away (never from the last admin)
  list                             list the admins
  plan <email> <${PLAN_IDS.join('|')}> [--reason "…"]
                                   set a user's plan
  flag <name> <on|off> [--reason "…"]
                                   switch a feature flag for the whole platform
                                   (${FLAG_NAMES.join(', ')})
  maintenance on --message "…" [--ends-at <ISO time>] [--reason "…"]
  maintenance off [--reason "…"]
                                   block signups (sign-in keeps working) with a message
  email-resume <store-slug> [--reason "…"]
                                   let a store paused for spam complaints send email again
  reset-2fa <email> --reason "…"  remove a user's two-step verification and recovery codes
                                   (they lost both), sign them out everywhere, email them
  analytics-rebuild <store-slug>   recompute a store's analytics rollups from its raw events
                                   (also done when its time zone changes)
  export-store <store-slug>        print the store and its members (with their Stripe
                                   subscription ids) as JSON, for a creator who leaves
  backup <file>                    write the database and every stored file into one file
  restore <file> [--force]         restore a backup (--force to replace a database with stores)

Uses DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (also while the server runs).
`;

/** A mistake in how the command was typed: the message, then the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A refused command (unknown email, last admin, unknown plan): the message, exit code 1. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}

export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        reason: { type: 'string' },
        force: { type: 'boolean' },
        message: { type: 'string' },
        'ends-at': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { positionals, values } = parsed;
  const [name, ...rest] = positionals;
  if (values.help || name === 'help') return { name: 'help' };
  if (name === undefined) throw new UsageError('Missing command');
  const reason = values.reason?.trim() || null;
  // Only restore takes --force; elsewhere it stays the unknown option parseArgs calls it.
  if (values.force && name !== 'restore') throw new UsageError("Unknown option '--force' (only restore takes it)");
  if ((values.message !== undefined || values['ends-at'] !== undefined) && name !== 'maintenance') {
    throw new UsageError('Only maintenance takes --message and --ends-at');
  }

  switch (name) {
    case 'grant':
    case 'revoke': {
      const [email = ''] = expectArgs(name, rest, ['<email>']);
      return { name, email, reason };
    }
    case 'plan': {
      const [email = '', plan = ''] = expectArgs(name, rest, ['<email>', '<plan>']);
      if (!isPlanId(plan)) throw new CommandError(unknownPlanMessage(plan));
      return { name, email, planId: plan, reason };
    }
    case 'flag': {
      const [flag = '', value = ''] = expectArgs(name, rest, ['<name>', '<on|off>']);
      if (value !== 'on' && value !== 'off') throw new UsageError(`flag takes on or off, not "${value}"`);
      if (!isFlagName(flag)) throw new CommandError(unknownFlagMessage(flag));
      return { name, flag, enabled: value === 'on', reason };
    }
    case 'maintenance': {
      const [value = ''] = expectArgs(name, rest, ['<on|off>']);
      if (value !== 'on' && value !== 'off') throw new UsageError(`maintenance takes on or off, not "${value}"`);
      if (value === 'off' && (values.message !== undefined || values['ends-at'] !== undefined)) {
        throw new UsageError('maintenance off takes no --message or --ends-at');
      }
      const endsAtText = values['ends-at'];
      const endsAt = endsAtText === undefined ? null : new Date(endsAtText);
      if (endsAt && Number.isNaN(endsAt.getTime())) throw new UsageError(`--ends-at is not a date and time: "${endsAtText}"`);
      return { name, enabled: value === 'on', message: values.message?.trim() || null, endsAt, reason };
    }
    case 'email-resume': {
      const [slug = ''] = expectArgs(name, rest, ['<store-slug>']);
      return { name, slug, reason };
    }
    case 'reset-2fa': {
      const [email = ''] = expectArgs(name, rest, ['<email>']);
      if (!reason) throw new UsageError('reset-2fa needs --reason "…" (why, and how you checked it is them: it goes in the audit log)');
      return { name, email, reason };
    }
    case 'analytics-rebuild': {
      const [slug = ''] = expectArgs(name, rest, ['<store-slug>']);
      if (values.reason !== undefined) throw new UsageError('analytics-rebuild takes no --reason');
      return { name, slug };
    }
    case 'export-store': {
      const [slug = ''] = expectArgs(name, rest, ['<store-slug>']);
      if (values.reason !== undefined) throw new UsageError('export-store takes no --reason');
      return { name, slug };
    }
    case 'list':
      expectArgs(name, rest, []);
      if (values.reason !== undefined) throw new UsageError('list takes no --reason');
      return { name };
    case 'backup':
    case 'restore': {
      const [file = ''] = expectArgs(name, rest, ['<file>']);
      if (values.reason !== undefined) throw new UsageError(`${name} takes no --reason`);
      if (name === 'backup') return { name, file };
      return { name, file, force: values.force === true };
    }
    default:
      throw new UsageError(`Unknown command "${name}"`);
  }
}

function expectArgs(command: string, args: string[], names: string[]): string[] {
  if (args.length !== names.length || args.some((arg) => arg.trim() === '')) {
    const expected = names.length === 0 ? 'no arguments' : names.join(' ');
    throw new UsageError(`${command} takes ${expected}`);
  }
  return args.map((arg) => arg.trim());
}
