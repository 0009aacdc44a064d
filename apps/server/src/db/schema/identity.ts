import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { users } from './stores.ts';

/**
 * Identity (SECURITY "Codes, passwords, sign-in"). A realm is `platform` for creators or
 * a tenant id for a store's customers, so one email can hold independent accounts per store.
 * Secrets (passwords, tokens, codes) are stored only as hashes.
 */
export const credentials = pgTable('credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    realm: text('realm').notNull().default('platform'),
    userId: text('user_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When this session proved the second factor (an MFA sign-in, or enrolling TOTP in it); admin writes need it. */
    mfaVerifiedAt: timestamptz('mfa_verified_at'),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.realm, table.userId)],
);

/** One live code per (realm, email, purpose): a new send replaces the old one. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    realm: text('realm').notNull().default('platform'),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    verifiedAt: timestamptz('verified_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('verification_codes_live_idx').on(table.realm, table.email, table.purpose)],
);

/** Single-use tokens: email sign-in links, MFA challenges, OAuth state. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    realm: text('realm').notNull().default('platform'),
    email: text('email'),
    userId: text('user_id'),
    data: text('data'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('auth_tokens_expiry_idx').on(table.expiresAt)],
);

/** Fixed-window counters for send caps and sign-in throttling; shared by every app server. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.providerUserId] }), index('oauth_accounts_user_idx').on(table.userId)],
);

/** TOTP factors; `enabled_at` null while enrolment awaits its first code. */
export const mfaFactors = pgTable('mfa_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamptz('enabled_at'),
  lastUsedStep: integer('last_used_step'),
  /** Wrong codes since the last accepted one, over any period (NIST 800-63B: at most 100). */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** Set at the 100th consecutive failure; only a password reset clears it. */
  lockedAt: timestamptz('locked_at'),
  createdAt: createdAt(),
});

/**
 * Recovery codes of a TOTP factor: ten at enrolment, each usable once (`used_at`), stored as an
 * HMAC keyed by the server secret and bound to the user. Regenerating replaces the whole set;
 * removing the factor removes them.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => mfaFactors.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);
