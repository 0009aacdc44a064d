import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { users } from './stores.ts';

export const ADMIN_CONFIG_ID = 'maintenance';

/** Spec §3 admin/maintenance_config: a single row; missing row = spec defaults (core constants). */
export const adminConfig = pgTable(
  'admin_config',
  {
    id: text('id').primaryKey().default(ADMIN_CONFIG_ID),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    maintenanceMessage: text('maintenance_message'),
    allowSignups: boolean('allow_signups').notNull().default(true),
    enabledAt: timestamptz('enabled_at'),
    enabledBy: text('enabled_by').references(() => users.id, { onDelete: 'set null' }),
    /** Optional end of maintenance: once it has passed, maintenance counts as off (server-side). */
    endsAt: timestamptz('ends_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('admin_config_single_row', sql`${table.id} = 'maintenance'`)],
);

/** Spec §3 admin/feature_flags: one row per flag; a missing row means the spec default. */
export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * Append-only (SECURITY: admin grants/revokes): a trigger in the migrations refuses UPDATE and
 * DELETE. Actor and target are plain ids, not foreign keys, so the log outlives deleted users.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: text('actor_id').notNull(),
    targetId: text('target_id'),
    action: text('action').notNull(),
    reason: text('reason'),
    /** The target's state before and after the change (null when not applicable, e.g. a read). */
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [index('admin_audit_log_created_at_idx').on(table.createdAt.desc())],
);
