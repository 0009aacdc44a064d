import { z } from 'zod';
import { REGIONS } from '../region.ts';
import { EmailSchema } from '../schemas/fields.ts';
import { ID_PREFIXES, StoreIdSchema, idSchema, multiLineText, singleLineText } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

const UserIdSchema = idSchema(ID_PREFIXES.user);

/** What the admin user and store actions answer beyond spec §8's admin messages. */
export const ADMIN_USER_MESSAGES = {
  cannotDeactivateSelf: 'You cannot deactivate your own account. Ask another admin.',
  storeNotUnpublished: 'This store was not unpublished by an admin.',
} as const;

/** Why an admin changed something: kept in the audit log, required for every admin write but a role change (spec §7). */
export const AdminReasonSchema = multiLineText().trim().min(1, { error: 'Give a reason.' }).max(500);

/** Why a published store is offline; null = online. */
export const StoreOfflineReasonSchema = z.enum(['owner-deactivated', 'abuse', 'plan-limit']);
export type StoreOfflineReason = z.infer<typeof StoreOfflineReasonSchema>;

export const AdminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  planId: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

/** Spec §7 setUserAdminStatus: grant or revoke admin by user id or email. The last admin cannot be revoked. */
export const setUserAdminStatus = defineFunction({
  name: 'setUserAdminStatus',
  access: 'admin',
  input: z
    .object({
      userId: UserIdSchema.optional(),
      email: EmailSchema.optional(),
      isAdmin: z.boolean(),
      reason: AdminReasonSchema.optional(),
    })
    .strict()
    .refine((input) => (input.userId === undefined) !== (input.email === undefined), { error: 'Name the user by id or by email.' }),
  output: z.object({ user: AdminUserSummarySchema, changed: z.boolean() }),
});

/** Spec §7 getAdminUsers: every admin, by email. */
export const getAdminUsers = defineFunction({
  name: 'getAdminUsers',
  access: 'admin',
  input: z.object({}).strict().nullish(),
  output: z.object({ admins: z.array(AdminUserSummarySchema) }),
});

export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  /** The actor's email when the actor is a user (null for the CLI or a deleted user). */
  actorEmail: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target user's email, or the target store's slug (null when it no longer exists). */
  targetLabel: z.string().nullable(),
  action: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

/** Spec §9: an audit-log page holds AUDIT_LOG_DEFAULT_LIMIT (50) rows unless asked, never more than this. */
export const AUDIT_LOG_MAX_LIMIT = 100;

/** Spec §7/§9 getAdminAuditLog: newest first, `limit` default 50 (at most 100), `cursor` from the previous page. */
export const getAdminAuditLog = defineFunction({
  name: 'getAdminAuditLog',
  access: 'admin',
  input: z
    .object({
      limit: z.number().int().min(1).max(AUDIT_LOG_MAX_LIMIT).optional(),
      cursor: z.string().regex(/^[1-9][0-9]{0,17}$/).optional(),
    })
    .strict()
    .nullish(),
  output: z.object({ entries: z.array(AdminAuditEntrySchema), nextCursor: z.string().nullable() }),
});

export const ADMIN_USER_SORT_FIELDS = ['email', 'name', 'createdAt'] as const;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

export const AdminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  planId: z.string(),
  storeCount: z.number(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

/** Users whose email or name contains `query` (case-insensitive), one page at a time. */
export const searchAdminUsers = defineFunction({
  name: 'searchAdminUsers',
  access: 'admin',
  input: z
    .object({
      query: singleLineText().trim().max(200).optional(),
      sort: z.enum(ADMIN_USER_SORT_FIELDS).optional(),
      direction: z.enum(['asc', 'desc']).optional(),
      page: z.number().int().min(0).max(100_000).optional(),
      pageSize: z.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE).optional(),
    })
    .strict()
    .nullish(),
  output: z.object({ users: z.array(AdminUserRowSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
});

export const AdminUserStoreSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  publishedAt: z.string().nullable(),
  offlineReason: StoreOfflineReasonSchema.nullable(),
  offlineNote: z.string().nullable(),
});
export type AdminUserStore = z.infer<typeof AdminUserStoreSchema>;

export const AdminUserDetailSchema = AdminUserRowSchema.extend({
  stores: z.array(AdminUserStoreSchema),
  signInMethods: z.object({ password: z.boolean(), emailLink: z.boolean(), oauthProviders: z.array(z.string()) }),
  mfa: z.object({ enabled: z.boolean(), lockedAt: z.string().nullable() }),
  /** The newest session's last activity (null when the user never signed in or every session is gone). */
  lastSignInAt: z.string().nullable(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

const UserIdInput = z.object({ userId: UserIdSchema }).strict();
const UserReasonInput = z.object({ userId: UserIdSchema, reason: AdminReasonSchema }).strict();
const StoreReasonInput = z.object({ storeId: StoreIdSchema, reason: AdminReasonSchema }).strict();

/** A user as the admin screens show them: stores, plan, sign-in methods, MFA, last sign-in. */
export const getAdminUser = defineFunction({ name: 'getAdminUser', access: 'admin', input: UserIdInput, output: AdminUserDetailSchema });

/** Ends the user's sessions and takes their stores offline ('owner-deactivated'); an admin cannot deactivate themself. */
export const deactivateUser = defineFunction({ name: 'deactivateUser', access: 'admin', input: UserReasonInput, output: AdminUserDetailSchema });

/** Lets the user sign in again and brings back the stores deactivation took offline (only those). */
export const reactivateUser = defineFunction({ name: 'reactivateUser', access: 'admin', input: UserReasonInput, output: AdminUserDetailSchema });

/** Clears a TOTP factor locked by too many wrong codes, so its owner can sign in with it again. */
export const unlockUserMfa = defineFunction({ name: 'unlockUserMfa', access: 'admin', input: UserReasonInput, output: AdminUserDetailSchema });

/** Takes a store offline for abuse; the reason is shown to its owner, never to visitors. */
export const unpublishStoreForAbuse = defineFunction({
  name: 'unpublishStoreForAbuse',
  access: 'admin',
  input: StoreReasonInput,
  output: AdminUserStoreSchema,
});

/** Brings back a store an admin unpublished for abuse. */
export const restoreStore = defineFunction({ name: 'restoreStore', access: 'admin', input: StoreReasonInput, output: AdminUserStoreSchema });

const PeriodCountSchema = z.object({ total: z.number(), last30Days: z.number() });

/** The admin home's numbers: all time and the last 30 days. Revenue is the platform fee earned, per currency. */
export const getPlatformStats = defineFunction({
  name: 'getPlatformStats',
  access: 'admin',
  input: z.object({}).strict().nullish(),
  output: z.object({
    creators: PeriodCountSchema,
    stores: PeriodCountSchema,
    sales: PeriodCountSchema,
    revenue: z.array(z.object({ currency: z.string(), totalCents: z.number(), last30DaysCents: z.number() })),
  }),
});

/** How a secondary region's mirror is doing, as its server last measured it (docs/regions.md). */
export const REGION_MIRROR_STATES = ['starting', 'streaming', 'lagging', 'down'] as const;
export type RegionMirrorState = (typeof REGION_MIRROR_STATES)[number];

/** A region report older than this means its server stopped reporting (it measures every second). */
export const REGION_REPORT_STALE_MS = 30_000;

export const RegionReportSchema = z.object({
  region: z.string(),
  state: z.enum(REGION_MIRROR_STATES),
  /** Where that region's visitor reads go: its own mirror, or the primary while the mirror is unhealthy. */
  readsFrom: z.enum(['mirror', 'primary']),
  lagMs: z.number().nullable(),
  lagP50Ms: z.number().nullable(),
  lagP99Ms: z.number().nullable(),
  detail: z.string().nullable(),
  checkedAt: z.string(),
  /** `checkedAt` is more than REGION_REPORT_STALE_MS old. */
  stale: z.boolean(),
});
export type RegionReport = z.infer<typeof RegionReportSchema>;

/** The admin home's data regions: the primary, which server answered, and each secondary's last report. */
export const getRegionStatus = defineFunction({
  name: 'getRegionStatus',
  access: 'admin',
  input: z.object({}).strict().nullish(),
  output: z.object({
    primaryRegion: z.literal('us-central'),
    /** The region of the server that answered this call. */
    servedFrom: z.enum(REGIONS),
    /** Past this lag a region's visitor reads leave its mirror for the primary. */
    maxLagMs: z.number(),
    regions: z.array(RegionReportSchema),
  }),
});
